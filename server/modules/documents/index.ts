// The documents module: school documents issued to students and verifiable by anyone (issue 30).
// It owns the issued-document aggregate (server/modules/aggregates.ts): every path that makes a
// document — staff's issue/, a period's batch, a student's request later — calls issueDocument.
import type { ResourceDefinition } from '@/server/engine/types';
import type { JobDefinition } from '@/server/jobs/define';
import { issueReportCardsJob } from './batch';
import { documentTypesResource, issuedDocumentsResource } from './issued-documents.resource';
import { onEvent } from '@/server/modules/shared/events';
import { requestsFollowSale } from './requests';
import { issueRequestsJob } from './requests-batch';
import { documentRequestsResource } from './requests.resource';

// A student's request follows the sale that charges it (finance emits the event).
onEvent('saleSettled', requestsFollowSale);

export const documentsResources: ResourceDefinition[] = [documentTypesResource, issuedDocumentsResource, documentRequestsResource];

/** This module's long work: a period's report cards issued; the paid requests issued. */
export const documentsJobs: JobDefinition<unknown>[] = [issueReportCardsJob as JobDefinition<unknown>, issueRequestsJob as JobDefinition<unknown>];

/** The owner operations: issue (in the caller's transaction), revoke, reissue. */
export { type IssueInput, type IssueSession, type IssuedSummary, issueDocument, issueSession, reissueDocument, revokeDocument, verificationUrl } from './issue';

/** The public verification: by token and by the PDF's bytes, rate-limited per address. */
export { type Verification, checkVerificationRate, verifyPdf, verifyToken } from './verify';

export { documentsDetails, documentsScreens } from './screens';
