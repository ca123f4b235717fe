// Which resource each screen route of the spec (section 2) shows, and how. Each module states the
// screens of its resources next to their definitions (server/modules/<module>/screens.ts); the
// registry gathers them. Screens without a page of their own are the generic list of that
// resource, derived from its definition (server/screens/derive.ts), with the filters, columns and
// pages stated here; routes with an id (`/academic/study_plans/{id_plan}`) are the record's detail
// page with its child lists. A filter or column a resource lacks fails loudly (derive.ts, and the
// test that walks every route).
import type { ActionIcon, FormField } from '@/lib/resource-ui';
import { DETAIL_ROUTES } from '@/server/modules/registry';

export type ScreenRoute = {
  /** API base without the leading slash, e.g. `academic/api/careers/`. */
  base: string;
  /** List filters the screen offers, by list parameter (`career_id`, `cicle_id`, `status`...). */
  filters?: readonly string[];
  /** Fixed list parameters (a report of one kind of row). */
  query?: Readonly<Record<string, string>>;
  /** On a detail page: screens of its own shown under the record (see the catch-all page); on a
   * page in tabs, above the tabs. */
  panels?: readonly PanelName[];
  /** On a detail page: the record in tabs (the form's sections grouped, panels, related lists),
   * its history last. Only the related lists a tab names are shown. */
  tabs?: readonly DetailTab[];
  /** Pages each row opens (`{id}` is the record's id), beside the record's own actions. */
  links?: readonly { key: string; labelKey: string; icon: ActionIcon; href: string; showIf?: { field: string; equals: string | number | boolean | null } }[];
  /** The columns the list shows, in order, when the derived ones are not what its users need. */
  columns?: readonly string[];
  /** Other resources listed under the screen's own list (recourses under previous scores). */
  lists?: readonly string[];
  /** A period filter that starts on every period instead of the top bar's (people outlive a
   * period: the students list shows them all until one is chosen). */
  allPeriods?: true;
  /** The filter the top bar's period starts (`cicle_id` unless said: new students by the period they started in). */
  periodFilter?: string;
  /** A record created on the list opens its page (detailOf / the detail route) right after. */
  openAfterCreate?: true;
  /** On a detail page: list parameters that narrow a child list, by its base, beyond the parent's
   * key (a group's enrolments: the current whole-group ones, as its students list counts them). */
  childFilters?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** The detail route a row opens when it is another screen's (`/scholar/students`): new students open the student's page. */
  detailOf?: string;
};

export type PanelName =
  | 'subject-order'
  | 'exam-board'
  | 'consolidation'
  | 'sale-cart'
  | 'tuition'
  | 'reconciliation'
  | 'payments-summary'
  | 'scholarships'
  | 'aspirant-process'
  | 'reinscriptions'
  | 'aspirant-board'
  | 'aspirant-payment'
  | 'documents'
  | 'comments'
  | 'kardex'
  | 'student-schedule'
  | 'lent-originals'
  | 'portal-access'
  | 'teacher-loads'
  | 'irregular-load'
  | 'invoice-cfdi'
  | 'sale-invoice'
  | 'poll-builder'
  | 'title-signing'
  | 'title-from-swear'
  | 'issue-documents'
  | 'issued-document'
  | 'certificate-issue'
  | 'certificate-record';

/** A tab of a record page: form sections (by key), a panel, related lists (by API base), in that order. */
export type DetailTab = {
  key: string;
  labelKey: string;
  sections?: readonly string[];
  panel?: PanelName;
  lists?: readonly string[];
  /** The columns a list of the tab shows, by its base, when its derived ones are not what people read there. */
  columns?: Readonly<Record<string, readonly string[]>>;
};

/**
 * How a resource's form reads (its screens' dialog and record page): fields in titled sections in
 * the order people fill them. Fields a design does not place go to a last "Otros datos" section,
 * so a new column never disappears from the screens.
 */
export type FormDesign = {
  sections: readonly { key: string; titleKey: string; fields: readonly string[] }[];
  /** What the form says of a field beyond the data model: a column the server fills when left
   * blank is not required; a choice narrowed by the top bar or another field. */
  fields?: Readonly<Record<string, FieldDesign>>;
};

/** A field's design: `optionsQuery` adds list parameters to its choices' source (`{field}` is the
 * form's value, `{$campus}` / `{$cicle}` the top bar's). */
export type FieldDesign = Partial<Pick<FormField, 'required' | 'helperKey' | 'hintFrom'>> & { optionsQuery?: Readonly<Record<string, string>> };

/** `/scholar/students/15` -> the students detail route and id "15"; null when the path is no detail page. */
export function detailRouteOf(path: string): { route: ScreenRoute; parent: string; id: string } | null {
  const index = path.lastIndexOf('/');
  if (index <= 0) return null;
  const parent = path.slice(0, index);
  const id = path.slice(index + 1);
  const route = DETAIL_ROUTES[parent];
  return route && id ? { route, parent, id } : null;
}
