// Every namespace file of every locale. Add a namespace here when you add its JSON files.
import type { Locale, Messages } from '@/lib/i18n';
import enAcademic from './en/academic.json';
import enAccount from './en/account.json';
import enAdmissions from './en/admissions.json';
import enAuth from './en/auth.json';
import enCertificates from './en/certificates.json';
import enCommon from './en/common.json';
import enDocuments from './en/documents.json';
import enEnums from './en/enums.json';
import enErrors from './en/errors.json';
import enFields from './en/fields.json';
import enFinance from './en/finance.json';
import enGrades from './en/grades.json';
import enInvoicing from './en/invoicing.json';
import enJobs from './en/jobs.json';
import enMenu from './en/menu.json';
import enPolls from './en/polls.json';
import enRecords from './en/records.json';
import enReports from './en/reports.json';
import enRequests from './en/requests.json';
import enResource from './en/resource.json';
import enSettings from './en/settings.json';
import enScholar from './en/scholar.json';
import enShell from './en/shell.json';
import enStates from './en/states.json';
import enTables from './en/tables.json';
import enTitles from './en/titles.json';
import esAcademic from './es/academic.json';
import esAccount from './es/account.json';
import esAdmissions from './es/admissions.json';
import esAuth from './es/auth.json';
import esCertificates from './es/certificates.json';
import esCommon from './es/common.json';
import esDocuments from './es/documents.json';
import esEnums from './es/enums.json';
import esErrors from './es/errors.json';
import esFields from './es/fields.json';
import esFinance from './es/finance.json';
import esGrades from './es/grades.json';
import esInvoicing from './es/invoicing.json';
import esJobs from './es/jobs.json';
import esMenu from './es/menu.json';
import esPolls from './es/polls.json';
import esRecords from './es/records.json';
import esReports from './es/reports.json';
import esRequests from './es/requests.json';
import esResource from './es/resource.json';
import esSettings from './es/settings.json';
import esScholar from './es/scholar.json';
import esShell from './es/shell.json';
import esStates from './es/states.json';
import esTables from './es/tables.json';
import esTitles from './es/titles.json';

export const catalog: Record<Locale, Messages> = {
  es: { academic: esAcademic, account: esAccount, admissions: esAdmissions, auth: esAuth, certificates: esCertificates, common: esCommon, documents: esDocuments, enums: esEnums, errors: esErrors, fields: esFields, finance: esFinance, grades: esGrades, invoicing: esInvoicing, jobs: esJobs, menu: esMenu, polls: esPolls, records: esRecords, reports: esReports, requests: esRequests, resource: esResource, scholar: esScholar, settings: esSettings, shell: esShell, states: esStates, tables: esTables, titles: esTitles },
  en: { academic: enAcademic, account: enAccount, admissions: enAdmissions, auth: enAuth, certificates: enCertificates, common: enCommon, documents: enDocuments, enums: enEnums, errors: enErrors, fields: enFields, finance: enFinance, grades: enGrades, invoicing: enInvoicing, jobs: enJobs, menu: enMenu, polls: enPolls, records: enRecords, reports: enReports, requests: enRequests, resource: enResource, scholar: enScholar, settings: enSettings, shell: enShell, states: enStates, tables: enTables, titles: enTitles },
};
