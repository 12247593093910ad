import type { Page } from '@playwright/test';
import { expect } from '../fixtures.ts';

/** Checks the cart out as an individual in Lahore and pays by test card, through to 'Payment Successful!'. */
export async function payByCard(buyer: Page, cardName = 'Sana Surgeon') {
  await buyer.goto('/checkout');
  await buyer.getByRole('radio', { name: /Individual/ }).check();
  await buyer.getByRole('textbox', { name: /^Address/ }).fill('Jail Road');
  await buyer.getByRole('textbox', { name: /^City/ }).fill('Lahore');
  await buyer.getByRole('textbox', { name: /^Postal code/ }).fill('54000');
  await buyer.getByRole('button', { name: 'Continue to Payment' }).click();
  await buyer.getByRole('radio', { name: /Credit or debit card/ }).check();
  await buyer.getByRole('button', { name: /^Continue/ }).click();
  await fillTestCard(buyer, cardName);
  await buyer.getByRole('button', { name: 'Review Payment' }).click();
  await buyer.getByRole('button', { name: /^Pay PKR/ }).click();
  await expect(buyer.getByRole('heading', { name: 'Payment Successful!' })).toBeVisible();
}

/** Types the sandbox's approved test card into the payment details. */
export async function fillTestCard(page: Page, cardName: string) {
  await page.getByRole('textbox', { name: /^Card number/ }).fill('4242 4242 4242 4242');
  await page.getByRole('textbox', { name: /^Expiry/ }).fill('12/35');
  await page.getByLabel(/^CVV/).fill('123');
  await page.getByRole('textbox', { name: /^Name on card/ }).fill(cardName);
}
