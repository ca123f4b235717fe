// academic/api/title-responsables/: the officials who sign electronic titles with their e.firma.
// The certificate (.cer) is public; the private key and its password are stored encrypted and never
// sent back: the API says only whether each is set.
import { z } from 'zod';
import { decryptSecret, encryptSecret } from '@/server/auth/crypto';
import { modelResource } from '@/server/engine/model';
import type { Row } from '@/server/engine/types';
import { curp } from '@/server/modules/shared/fields';
import { checkedCertificate, checkedCredential } from './signer-credential';

const base64 = (max: number) =>
  z
    .string()
    .max(max)
    .transform((value) => value.replace(/\s+/g, ''))
    .refine((value) => /^[A-Za-z0-9+/]*={0,2}$/.test(value), { message: 'errors.invalid' });

const definition = modelResource({
  base: 'academic/api/title-responsables/',
  model: 'TitleResponsable',
  // The titles screen picks the signers of a title.
  access: { routes: ['academic-title_responsables'], readRoutes: ['scholar-titles'], permission: 'title_responsables' },
  search: ['names', 'first_name', 'second_name', 'curp', 'abr_title'],
  ordering: ['first_name', 'second_name', 'names'],
  hidden: ['key', 'key_password'],
  // Uploaded as the .cer and .key files of the e.firma (JSON clients may still send base64 text).
  files: { certificate: { kinds: ['certificate'], storage: 'base64' }, key: { kinds: ['private-key'], storage: 'base64' } },
  fields: {
    curp,
    abr_title: z.string().trim().toUpperCase().min(1).max(20),
    certificate: base64(20_000).nullish(),
    cert_no: z
      .string()
      .trim()
      .refine((value) => value === '' || /^\d{20}$/.test(value), { message: 'errors.exact_length', params: { length: 20 } })
      .nullish()
      .transform((value) => value || null),
  },
  // Read only to say whether a key and password are stored; `serialize` drops them.
  include: { key: true, key_password: true },
  serialize: ({ key, key_password, ...row }: Row) => ({ ...row, key_set: Boolean(key), key_password_set: Boolean(key_password) }),
  inputToData: (input, write) => {
    const { key, key_password, ...data } = input;
    const existing = write.existing;
    // A new certificate, key or password is checked with the rest of the e.firma (the stored parts
    // where none is given), and the certificate's number is taken from it, never typed.
    if (data.certificate || key || key_password) {
      const stored = (value: unknown) => {
        try {
          return typeof value === 'string' && value ? decryptSecret(value) : null;
        } catch {
          return null;
        }
      };
      const certificate = (data.certificate as string | null | undefined) || (existing?.certificate as string | null | undefined) || null;
      const plainKey = (key as string | undefined) || stored(existing?.key);
      const password = (key_password as string | undefined) || stored(existing?.key_password);
      if (certificate && plainKey && password) data.cert_no = checkedCredential({ certificate, key: plainKey, password }).number;
      else if (data.certificate) data.cert_no = checkedCertificate(data.certificate as string).number;
    }
    // An empty key or password field means "keep the stored one".
    return { ...data, ...(key ? { key: encryptSecret(key as string) } : {}), ...(key_password ? { key_password: encryptSecret(key_password as string) } : {}) };
  },
  writeFields: {
    key: base64(20_000).optional(),
    key_password: z.string().max(200).optional(),
  },
});

export const titleResponsablesResource = definition;
