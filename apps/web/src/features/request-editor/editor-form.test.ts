import { describe, expect, it } from 'vitest';
import { UpdateSignatureRequestBody, type SignatureRequest } from '@signet/contracts/signature-requests';
import {
  EditorSchema,
  errorText,
  formFieldOf,
  formFromRequest,
  literalMessage,
  newSigner,
  updateBodyFromForm,
  type EditorForm,
} from './editor-form.ts';

const base = (): EditorForm => ({
  title: 'Lease',
  message: '',
  quality: 'aes',
  legislation: 'zertes',
  signingOrder: false,
  signers: [],
  observers: [],
});

const issuesOf = (form: EditorForm) => {
  const result = EditorSchema.safeParse(form);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('editor form rules (spec §5)', () => {
  it('accepts a complete form', () => {
    const account = { ...newSigner('account'), accountEmail: 'bob@example.com' };
    const visitor = {
      ...newSigner('visitor'),
      email: 'vera@example.com',
      firstName: 'Vera',
      lastName: 'Visitor',
      mobile: '+41 79 555 12 34',
    };
    expect(
      issuesOf({ ...base(), signers: [account, visitor], observers: [{ email: 'o@example.com' }] }),
    ).toEqual({});
  });

  it('requires the title and limits its length', () => {
    expect(issuesOf({ ...base(), title: '  ' })).toEqual({ title: 'validation.required' });
    expect(issuesOf({ ...base(), title: 'x'.repeat(201) })).toEqual({ title: 'validation.max_length:200' });
    expect(issuesOf({ ...base(), message: 'x'.repeat(2001) })).toEqual({
      message: 'validation.max_length:2000',
    });
  });

  it('asks account signers for an e-mail, and visitors for e-mail and names; the mobile is optional', () => {
    const account = newSigner('account');
    const visitor = { ...newSigner('visitor'), email: 'not-an-address', mobile: '12' };
    expect(issuesOf({ ...base(), signers: [account, visitor] })).toEqual({
      'signers.0.accountEmail': 'validation.required',
      'signers.1.email': 'validation.email',
      'signers.1.firstName': 'validation.required',
      'signers.1.lastName': 'validation.required',
      'signers.1.mobile': 'validation.format',
    });
  });

  it('refuses the same person twice, and the same observer twice', () => {
    const first = { ...newSigner('account'), accountEmail: 'bob@example.com' };
    const second = { ...newSigner('account'), accountEmail: 'BOB@example.com ' };
    expect(
      issuesOf({
        ...base(),
        signers: [first, second],
        observers: [{ email: 'o@example.com' }, { email: 'o@example.com' }, { email: 'nope' }],
      }),
    ).toEqual({
      'signers.1.accountEmail': 'duplicate',
      'observers.1.email': 'duplicate',
      'observers.2.email': 'validation.email',
    });
  });
});

/** The request's own settings: the saved request has them, and saving sends them back unchanged. */
const settings = {
  title: 'Lease',
  message: null,
  quality: 'aes',
  legislation: 'eidas',
  signing_order: true,
  observers: ['watch@example.com'],
};
/** Vera's box, as the API stores it and as the editor sends it back. */
const veraBox = {
  document_id: 'f1c1e0c4-1c1a-4d8e-9b7b-3c1f8b6f0a11',
  position: { page: 2, x: 10.5, y: 20, width: 300, height: 140 },
};

const request = {
  id: 'r1',
  ...settings,
  documents: [],
  signatures: [
    {
      sid: 's2',
      sequence: 2,
      signer_type: 'visitor',
      account_email: null,
      email: 'vera@example.com',
      first_name: 'Vera',
      last_name: 'Visitor',
      language: 'de-ch',
      quality: 'qes',
      mobile_number: '+41795551234',
      visual_signatures: [veraBox],
    },
    {
      sid: 's1',
      sequence: 1,
      signer_type: 'account',
      account_email: 'bob@example.com',
      email: 'bob@example.com',
      first_name: '',
      last_name: '',
      language: 'en-gb',
      quality: 'aes',
      mobile_number: null,
      visual_signatures: [],
    },
  ],
} as unknown as SignatureRequest;

describe('form ↔ API', () => {
  it('opens the saved request in signing order, with own qualities and placements', () => {
    const form = formFromRequest(request);
    expect(form).toMatchObject({ title: 'Lease', message: '', signingOrder: true, legislation: 'eidas' });
    expect(form.signers.map((s) => [s.key, s.kind, s.quality])).toEqual([
      ['s1', 'account', ''],
      ['s2', 'visitor', 'qes'],
    ]);
    expect(form.signers[1]).toMatchObject({
      email: 'vera@example.com',
      mobile: '+41795551234',
      language: 'de-ch',
      placements: [
        {
          documentId: 'f1c1e0c4-1c1a-4d8e-9b7b-3c1f8b6f0a11',
          page: 2,
          x: 10.5,
          y: 20,
          width: 300,
          height: 140,
        },
      ],
    });
    expect(form.observers).toEqual([{ email: 'watch@example.com' }]);
  });

  it('sends back what it opened, as the API contract reads it', () => {
    const body = updateBodyFromForm(formFromRequest(request));
    expect(UpdateSignatureRequestBody.safeParse(body).success).toBe(true);
    expect(body).toEqual({
      ...settings,
      signatures: [
        { account_email: 'bob@example.com', visual_signatures: [] },
        {
          signer_identity_data: {
            email_address: 'vera@example.com',
            first_name: 'Vera',
            last_name: 'Visitor',
            mobile_number: '+41795551234',
            language: 'de-ch',
          },
          quality: 'qes',
          visual_signatures: [veraBox],
        },
      ],
    });
  });

  it("keeps a signer on the document's own field as that field's name, not a box of its own", () => {
    const onField = {
      document_id: 'f1c1e0c4-1c1a-4d8e-9b7b-3c1f8b6f0a11',
      field_name: 'Signature1',
      position: { page: 1, x: 69.09, y: 227.39, width: 251.32, height: 149.05 },
    };
    const withField = {
      ...request,
      signatures: request.signatures.map((s) =>
        s.sid === 's1' ? { ...s, visual_signatures: [onField] } : s,
      ),
    } as SignatureRequest;
    const form = formFromRequest(withField);
    expect(form.signers[0]!.placements).toEqual([
      { documentId: onField.document_id, ...onField.position, fieldName: 'Signature1' },
    ]);
    const body = updateBodyFromForm(form);
    expect(UpdateSignatureRequestBody.safeParse(body).success).toBe(true);
    expect(body.signatures![0]!.visual_signatures).toEqual([
      { document_id: onField.document_id, field_name: 'Signature1' },
    ]);
  });

  it('puts the API error field on the form field that shows it', () => {
    const form = formFromRequest(request);
    expect(formFieldOf('title', form)).toBe('title');
    expect(formFieldOf('signatures.0.account_email', form)).toBe('signers.0.accountEmail');
    expect(formFieldOf('signatures.0', form)).toBe('signers.0.accountEmail');
    expect(formFieldOf('signatures.1', form)).toBe('signers.1.email');
    expect(formFieldOf('signatures.1.signer_identity_data.first_name', form)).toBe('signers.1.firstName');
    expect(formFieldOf('signatures.1.signer_identity_data.mobile_number', form)).toBe('signers.1.mobile');
    expect(formFieldOf('signatures.1.visual_signatures.0.position', form)).toBe('signers.1.placements');
    expect(formFieldOf('observers.0', form)).toBe('observers.0.email');
    expect(formFieldOf('signatures', form)).toBeNull();
    expect(formFieldOf('signatures.9.account_email', form)).toBeNull();
    expect(formFieldOf(undefined, form)).toBeNull();
  });

  it('shows rule keys translated and the API reason as it came', () => {
    const t = (key: string, options?: Record<string, unknown>) => `${key}|${String(options?.[0])}`;
    expect(errorText(t, 'validation.max_length:200')).toBe('validation.max_length|200');
    expect(errorText(t, literalMessage('The box must lie on the page: 1 > 0.'))).toBe(
      'The box must lie on the page: 1 > 0.',
    );
    expect(errorText(t, undefined)).toBeUndefined();
  });
});
