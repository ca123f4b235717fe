// Every resource base of inscription/api/.
import type { ResourceDefinition } from '@/server/engine/types';
import { aspirantsResource } from './aspirants.resource';
import { reinscriptionsResource } from './reinscriptions.resource';
import { schoolOriginsResource } from './school-origin.resource';
import { onEvent } from '@/server/modules/shared/events';
import { applicantFollowsSale, reinscriptionsFollowSale } from './charge-payments';

// A sale paid or cancelled moves the admissions that wait on it (finance emits the event).
onEvent('saleSettled', reinscriptionsFollowSale);
onEvent('saleSettled', applicantFollowsSale);

export const inscriptionResources: ResourceDefinition[] = [aspirantsResource, reinscriptionsResource, schoolOriginsResource];

/** The screens that show this module's resources (server/screens/routes.ts). */
export { inscriptionDetails, inscriptionForms, inscriptionScreens } from './screens';

/** Long work of admissions: a period's reinscriptions. */
export { generateReinscriptionsJob } from './reinscription-actions';

/** The applicant's own sign-up and sign-in bookkeeping, called by server/http and server/auth. */
export { periodsOpenForAdmission, signUpAspirant, upgradeAspirantPasswordHash } from './aspirant-signup';
/** The web codes of an e-mail's applications, sent to it (manage/recover_web_code/). */
export { sendWebCodeReminder } from './aspirant-mail';
