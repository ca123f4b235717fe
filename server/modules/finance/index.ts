// Every resource base of finance/api/.
import type { ResourceDefinition } from '@/server/engine/types';
import { conceptDiscountsResource, conceptsResource, financeConceptsResource } from './concepts.resource';
import { exchangeRatesResource } from './exchange-rates.resource';
import { iedusResource } from './iedus.resource';
import { paymentsResource } from './payments.resource';
import { listCareersResource, priceListsResource } from './price-lists.resource';
import { financeJobs, recurrentsResource } from './recurrents.resource';
import { referencesResource } from './references.resource';
import { saleDetailsResource, saleDiscountsResource, salesResource } from './sales.resource';
import { scholarshipsResource, studentShipsResource } from './scholarships.resource';

export const financeResources: ResourceDefinition[] = [
  salesResource,
  saleDetailsResource,
  paymentsResource,
  referencesResource,
  conceptsResource,
  financeConceptsResource,
  conceptDiscountsResource,
  saleDiscountsResource,
  exchangeRatesResource,
  iedusResource,
  priceListsResource,
  listCareersResource,
  recurrentsResource,
  scholarshipsResource,
  studentShipsResource,
];

/** Finance's long work: a period's tuition charges, the reminders. */
export { financeJobs };

/** What other modules use of finance: charging a student (an exam's fee) or an applicant (the
 * admission charge) settles through sales, priced by their price lists, paid by bank reference. */
export { chargeStudent, isoDay, scholarshipsOfStudents, settleSale, unitDiscountFor } from './settle';
export { STUDENT_CONCEPT_FIRST, conceptsInForce, studentConceptsSql } from './price-lists';
export { saleCampus, studentSales } from './fields';
export { issueSaleReference } from './bank-references';
/** A student charged for copies of a concept of their own price list named by its code (a document requested from the portal). */
export { type StudentPrice, chargeStudentConcept, studentConceptPrice } from './concept-charges';
/** The sale aggregate's named operations: cancelling with a reason (refused while money or a
 * stamped invoice stands on it), and an applicant's open charges cancelled when they are taken off. */
export { cancelApplicantCharges, cancelPayment, cancelSale } from './sale-operations';
/** Charges other modules ask for (an applicant's, a period's reinscriptions) and what follows them. */
export { type BulkStudentCharge, chargeApplicant, chargeStudentsInBulk, moveChargesToPeriod, switchTuitionMonths, transferApplicantCharges } from './charges';

/** The screens that show this module's resources (server/screens/routes.ts). */
export { financeDetails, financeForms, financeScreens } from './screens';

/** Opening balances (an import of what students owed in the previous system), charged as sales. */
export { OPENING_BALANCE, type OpeningBalance, keepOpeningBalances } from './opening-balances';
