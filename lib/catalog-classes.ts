// Which classification of the shared catalogue (manage/api/catalogs/) each catalogue-typed field
// takes its values from, by the field's relation name. The ids are the spec's (section 9): plan
// type 1, recurrency 2, student status 3, family type 4, study level 5, civil state 6, how found 7,
// pay method 8, title authority 9, charge title 10, price category 11, evaluation type 12,
// question type 13; the SEP title catalogues 666.
export const CATALOG_CLASS_OF: Readonly<Record<string, number>> = {
  StudyPlanType: 1,
  ConceptRecurrency: 2,
  StudentStatus: 3,
  StudentFamilyParentType: 4,
  TeacherAcademicLevel: 5,
  TeacherCivilState: 6,
  StudentCivilState: 6,
  AspirantCivilState: 6,
  AspirantHowFind: 7,
  SalePaymentMethod: 8,
  PaymentMethodCatalog: 8,
  TitleAuthorization: 9,
  TitleResponsableCharge: 10,
  ConceptCategory: 11,
  PollType: 12,
  PollQuestionType: 13,
  TitleModality: 666,
  TitleLegalBasis: 666,
  TitleEntity: 666,
  TitleAntecedentType: 666,
  TitleAntecedentEntity: 666,
};

/** Catalogue-typed fields the spec gives no classification for: they offer every entry. */
export const UNCLASSIFIED_CATALOG_RELATIONS: readonly string[] = ['AspirantContactType'];
