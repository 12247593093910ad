import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordField } from './password-field.tsx';
import { TextField } from './text-field.tsx';

describe('text fields on right-to-left pages', () => {
  it('keeps email, phone, URL, number and numeric inputs left to right, and leaves text to the page', () => {
    render(
      <div dir="rtl">
        <TextField label="Email" type="email" />
        <TextField label="Phone" type="tel" />
        <TextField label="Website" type="url" />
        <TextField label="Card number" inputMode="numeric" />
        <TextField label="Name" />
        <PasswordField label="Password" />
      </div>,
    );
    for (const label of ['Email', 'Phone', 'Website', 'Card number']) expect(screen.getByLabelText(label)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('dir');
    expect(screen.getByLabelText('Password').closest('[dir]')).toHaveAttribute('dir', 'ltr');
  });

  it('lets a caller choose the direction', () => {
    render(<TextField label="Email" type="email" dir="auto" />);
    expect(screen.getByLabelText('Email')).toHaveAttribute('dir', 'auto');
  });
});
