import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../i18n/locale-store.ts';
import { Tab, TabList, TabPanel, Tabs } from './tabs.tsx';

function renderTabs(loop?: boolean) {
  render(
    <Tabs defaultValue="one">
      <TabList look="underline" aria-label="Sections" loop={loop}>
        {['one', 'two', 'three'].map((value) => <Tab key={value} value={value} look="underline">{value}</Tab>)}
      </TabList>
      {['one', 'two', 'three'].map((value) => <TabPanel key={value} value={value}>{`Panel ${value}`}</TabPanel>)}
    </Tabs>,
  );
}

const selected = () => screen.getAllByRole('tab').find((tab) => tab.getAttribute('aria-selected') === 'true')?.textContent;

describe('Tabs', () => {
  it('opens a tab on click and shows only its panel, labelled by it', async () => {
    renderTabs();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'two' }));
    expect(selected()).toBe('two');
    expect(screen.getByRole('tabpanel', { name: 'two' })).toHaveTextContent('Panel two');
    expect(screen.queryByText('Panel one')).not.toBeInTheDocument();
  });

  it('moves on with the right arrow in English and with the left arrow in Arabic; Home and End go to either end', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'one' }));
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe('two');
    expect(screen.getByRole('tab', { name: 'two' })).toHaveFocus();
    await user.keyboard('{End}');
    expect(selected()).toBe('three');
    await user.keyboard('{Home}');
    expect(selected()).toBe('one');
  });

  it('follows the reading direction in Arabic: the left arrow moves on', async () => {
    act(() => setLocale('ar'));
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'one' }));
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toBe('two');
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe('one');
  });

  it('wraps around at either end', async () => {
    const user = userEvent.setup();
    renderTabs();
    await user.click(screen.getByRole('tab', { name: 'one' }));
    await user.keyboard('{ArrowLeft}');
    expect(selected()).toBe('three');
  });

  it('stops at the last tab when loop is off', async () => {
    const user = userEvent.setup();
    renderTabs(false);
    await user.click(screen.getByRole('tab', { name: 'three' }));
    await user.keyboard('{ArrowRight}');
    expect(selected()).toBe('three');
  });

  it('keeps a panel of controls out of the Tab order', () => {
    renderTabs();
    expect(screen.getByRole('tabpanel')).toHaveAttribute('tabindex', '-1');
  });
});
