// Builds the whole data set in memory, step by step; nothing here touches the database.
import { buildRfc } from '../../../lib/mx';
import { Context, type GenerateOptions } from './context';
import { buildAcademics } from './steps/academic';
import { type DemoUser, buildAccounts } from './steps/accounts';
import { buildExtras } from './steps/extras';
import { buildFinance } from './steps/finance';
import { buildInstitution } from './steps/institution';
import { buildReference } from './steps/reference';
import { SalesBook } from './steps/sales';
import { buildStudentRecords } from './steps/students';
import { buildFaculty } from './steps/teachers';
import type { Tables } from './tables';

/** The fixed people and codes the demo documents (README, tests). */
export type DemoData = {
  users: readonly DemoUser[];
  webCode: string;
  student: { names: string; first: string; second: string; email: string; username: string };
  aspirant: { names: string; first: string; second: string; email: string };
};

export type Dataset = {
  tables: Tables;
  /** created_at of rows without their own */
  defaultStamp: string;
  /** columns of the settings row seedBase made */
  settings: Record<string, string>;
  today: string;
};

export function generate(options: GenerateOptions & { demo: DemoData }): Dataset {
  const ctx = new Context(options);
  const reference = buildReference(ctx);
  const accounts = buildAccounts(ctx, options.demo.users);
  const institution = buildInstitution(ctx, reference, accounts);
  const faculty = buildFaculty(ctx, reference, institution, accounts);
  const sales = new SalesBook(ctx, ctx.rng.fork('sales'));
  sales.buildExchangeRates(institution.cicles[0].start - 45, ctx.today);
  const academics = buildAcademics(ctx, reference, institution, faculty, accounts, sales, { student: options.demo.student });
  buildStudentRecords(ctx, reference, academics, accounts);
  buildFinance(ctx, reference, institution, academics, accounts, sales, { webCode: options.demo.webCode, aspirant: options.demo.aspirant });
  buildExtras(ctx, reference, institution, academics, faculty, accounts);
  return {
    tables: ctx.tables,
    defaultStamp: ctx.defaultStamp,
    settings: {
      fiscal_rfc: buildRfc({ legalName: 'Universidad Plantel, A.C.', incorporated: '1999-01-15' }),
      fiscal_regime: '603',
      fiscal_social_reason: 'UNIVERSIDAD PLANTEL',
      type_voucher: 'I',
    },
    today: new Date(ctx.today * 86_400_000).toISOString().slice(0, 10),
  };
}
