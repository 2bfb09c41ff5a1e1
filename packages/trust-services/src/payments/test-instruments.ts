import { createHash } from 'node:crypto';
import { invalidRequest, StripeApiError } from './stripe-error.js';

/**
 * What a test card or account does: `succeed`; `decline` at once (attaching, setting up);
 * `authenticate` (setting up needs the 3-D Secure page, later charges go through); `fail_charges`
 * (sets up fine, every charge fails — Stripe's 4000000000000341 and its failing SEPA IBAN).
 */
export type InstrumentBehaviour = 'succeed' | 'decline' | 'authenticate' | 'fail_charges';

interface TestCard {
  brand: string;
  funding: 'credit' | 'debit';
  behaviour: InstrumentBehaviour;
  declineCode?: string;
}

/** Stripe's documented test numbers; any other number that passes the Luhn check succeeds. */
const testCards: Record<string, TestCard> = {
  '4242424242424242': { brand: 'visa', funding: 'credit', behaviour: 'succeed' },
  '4000056655665556': { brand: 'visa', funding: 'debit', behaviour: 'succeed' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit', behaviour: 'succeed' },
  '4000000000000002': {
    brand: 'visa',
    funding: 'credit',
    behaviour: 'decline',
    declineCode: 'generic_decline',
  },
  '4000000000009995': {
    brand: 'visa',
    funding: 'credit',
    behaviour: 'decline',
    declineCode: 'insufficient_funds',
  },
  '4000002500003155': { brand: 'visa', funding: 'credit', behaviour: 'authenticate' },
  '4000000000000341': { brand: 'visa', funding: 'credit', behaviour: 'fail_charges' },
};

/** Stripe's test payment method tokens (`payment_method: 'pm_card_visa'`), each a fresh card. */
export const testCardTokens: Record<string, string> = {
  pm_card_visa: '4242424242424242',
  pm_card_mastercard: '5555555555554444',
  pm_card_chargeDeclined: '4000000000000002',
  pm_card_chargeDeclinedInsufficientFunds: '4000000000009995',
  pm_card_authenticationRequired: '4000002500003155',
  pm_card_chargeCustomerFail: '4000000000000341',
};

/** Stripe's SEPA test IBANs; any other valid IBAN succeeds. */
const testIbans: Record<string, InstrumentBehaviour> = {
  DE89370400440532013000: 'succeed',
  AT611904300234573201: 'succeed',
  AT861904300235473202: 'fail_charges',
};

const luhnValid = (digits: string) =>
  [...digits].reverse().reduce((sum, char, index) => {
    const digit = Number(char) * (index % 2 === 1 ? 2 : 1);
    return sum + (digit > 9 ? digit - 9 : digit);
  }, 0) %
    10 ===
  0;

const cardError = (code: string, message: string, param?: string, declineCode?: string) =>
  new StripeApiError(402, {
    type: 'card_error',
    code,
    message,
    ...(param ? { param } : {}),
    ...(declineCode ? { decline_code: declineCode } : {}),
  });

/** The fingerprint Stripe gives the same card or account in every payment method made from it. */
const fingerprintOf = (value: string) =>
  createHash('sha256').update(`signet-sandbox:${value}`).digest('base64url').slice(0, 16);

/** Checks a card as Stripe does when a payment method is made; only its behaviour and public details remain. */
export function readCard(
  card: { number: string; exp_month: number; exp_year: number; cvc?: string | undefined },
  nowSeconds: number,
) {
  const number = card.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  if (card.exp_month < 1 || card.exp_month > 12)
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  const now = new Date(nowSeconds * 1000);
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1)
  )
    throw cardError('expired_card', 'Your card has expired.', 'exp_year');
  if (card.cvc !== undefined && !/^\d{3,4}$/.test(card.cvc))
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  const known = testCards[number];
  const brand =
    known?.brand ??
    (number.startsWith('4')
      ? 'visa'
      : number.startsWith('5')
        ? 'mastercard'
        : number.startsWith('3')
          ? 'amex'
          : 'unknown');
  return {
    behaviour: known?.behaviour ?? 'succeed',
    declineCode: known?.declineCode ?? 'generic_decline',
    card: {
      brand,
      display_brand: brand,
      country: 'US',
      exp_month: card.exp_month,
      exp_year: year,
      funding: known?.funding ?? 'credit',
      last4: number.slice(-4),
      fingerprint: fingerprintOf(number),
      checks: {
        address_line1_check: null,
        address_postal_code_check: null,
        cvc_check: card.cvc ? 'pass' : null,
      },
      networks: { available: [brand], preferred: null },
      three_d_secure_usage: { supported: true },
      wallet: null,
    },
  };
}

/** ISO 13616: move the first four characters to the end, letters to numbers, remainder mod 97 is 1. */
const ibanValid = (iban: string) => {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of digits) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1;
};

export function readIban(given: string) {
  const iban = given.replace(/\s/g, '').toUpperCase();
  if (!ibanValid(iban))
    throw invalidRequest(
      'The IBAN you provided is invalid.',
      'sepa_debit[iban]',
      'invalid_bank_account_iban',
    );
  return {
    behaviour: testIbans[iban] ?? 'succeed',
    declineCode: 'generic_decline',
    sepa_debit: {
      bank_code: iban.slice(4, 9),
      branch_code: '',
      country: iban.slice(0, 2),
      fingerprint: fingerprintOf(iban),
      generated_from: null,
      last4: iban.slice(-4),
    },
  };
}

export { cardError };
