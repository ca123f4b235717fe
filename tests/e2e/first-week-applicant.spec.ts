// The applicant's pre-form in the browser (issue 29, item 5), role aspirante, on a desktop (1366 px)
// and on a phone (390 × 844): the first step saved alone is there after a reload, and what was typed
// without saving is kept too; the address step with its state's municipalities and a five-digit
// postal code; a second sign-up with the same e-mail in the period is refused with the way to get
// the web code by e-mail.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const PASSWORD = 'aspirante-2026';
const VIEWPORTS = [
  { name: 'desktop', size: { width: 1366, height: 900 } },
  { name: 'phone', size: { width: 390, height: 844 } },
] as const;

let serial = 0;
/** An e-mail no other test or run used. */
const freshEmail = (who: string) => `${who}.${Date.now()}.${(serial += 1)}@example.com`;

/** A MUI select: its hidden input carries the test id, the visible combobox sits beside it. A click
 * before React hydrated the page opens nothing: it is tried again until the list shows. */
async function pick(page: Page, testId: string, option: string | RegExp) {
  const combobox = page.getByTestId(testId).locator('xpath=..').getByRole('combobox');
  await expect(async () => {
    if ((await page.getByRole('listbox').count()) === 0) await combobox.click();
    await expect(page.getByRole('listbox')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
  await page.getByRole('option').filter({ hasText: option }).first().click();
  await expect(page.getByRole('listbox')).toHaveCount(0);
}

/** Fills the sign-up form as an applicant does (Campus Norte, its systems career, the period it has
 * open for admission chosen already) and sends it. */
async function fillSignUp(page: Page, email: string) {
  await page.goto('/aspirants/signup');
  // The campus first: once its list opens the form is hydrated, and what is typed next stays.
  await pick(page, 'signup-campus_id', 'Campus Norte');
  await page.getByTestId('signup-names').fill('Carmen');
  await page.getByTestId('signup-first_name').fill('Navegador');
  await page.getByTestId('signup-second_name').fill('Pruebas');
  await page.getByTestId('signup-email').fill(email);
  // Campus Norte has one period open for admission: the form chose it.
  await expect(page.getByTestId('signup-cicle_id')).not.toHaveValue('');
  await pick(page, 'signup-career_id', /Sistemas/);
  await page.getByTestId('signup-web_pass').fill(PASSWORD);
  await page.getByTestId('signup-web_pass_confirm').fill(PASSWORD);
  await page.getByTestId('signup-submit').click();
}

/** A new applicant, signed up and signed in, on their pre-form. */
async function newApplicant(page: Page, email: string) {
  await fillSignUp(page, email);
  await expect(page.getByTestId('signup-web-code')).toHaveText(/^A\d+$/);
  await page.getByTestId('signup-enter').click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('aspirant-board')).toBeVisible();
  await expect(page.getByTestId('preform-fields-person')).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test.describe(`on a ${viewport.name}`, () => {
    test.use({ viewport: viewport.size });

    test('the first step saves alone and is there after a reload; typed values not saved are kept', async ({ page, consoleErrors }) => {
      await newApplicant(page, freshEmail('paso1'));

      // Step 1 alone: no shift, no address, nothing of a later step.
      await page.getByTestId('preform-birthday').fill('2007-03-14');
      await pick(page, 'preform-genre', 'Mujer');
      await page.getByTestId('preform-save').click();
      await expect(page.getByTestId('preform-saved')).toBeVisible();
      // Saved, the form moved on to the contact step.
      await expect(page.getByTestId('preform-fields-contact')).toBeVisible();
      // Typed on the contact step, not saved.
      await page.getByTestId('preform-cellphone').fill('33 1234 5678');

      await page.reload();
      await expect(page.getByTestId('aspirant-board')).toBeVisible();
      await expect(page.getByTestId('preform-birthday')).toHaveValue('2007-03-14');
      await expect(page.getByTestId('preform-genre')).toHaveValue('M');
      await page.getByTestId('preform-step-contact').click();
      await expect(page.getByTestId('preform-cellphone')).toHaveValue('33 1234 5678');
      await expect(page.getByTestId('preform-draft')).toBeVisible();
      await page.getByTestId('preform-save').click();
      await expect(page.getByTestId('preform-saved')).toBeVisible();
      await page.getByTestId('preform-step-contact').click();
      await expect(page.getByTestId('preform-draft')).toHaveCount(0);
      await expect(page.getByTestId('preform-cellphone')).toHaveValue('33 1234 5678');
      expect(consoleErrors).toEqual([]);
    });

    test('the address step: a five-digit postal code, the municipality of the chosen state', async ({ page, consoleErrors }) => {
      await newApplicant(page, freshEmail('domicilio'));
      await page.getByTestId('preform-step-address').click();
      await expect(page.getByTestId('preform-fields-address')).toBeVisible();

      await page.getByTestId('preform-street').fill('Av. Patria');
      await page.getByTestId('preform-no_external').fill('1201');
      await page.getByTestId('preform-no_internal').fill('B');
      await page.getByTestId('preform-colony').fill('Jardines Universidad');
      await pick(page, 'preform-state_id', 'Jalisco');
      await pick(page, 'preform-city_id', 'Zapopan');
      await page.getByTestId('preform-cp').fill('4511');
      await page.getByTestId('preform-save').click();
      // The postal code's own message, on its field; nothing saved.
      await expect(page.getByTestId('preform-fields-address').getByText('Escriba exactamente 5 caracteres.')).toBeVisible();
      await page.getByTestId('preform-cp').fill('45110');
      await page.getByTestId('preform-save').click();
      await expect(page.getByTestId('preform-saved')).toBeVisible();

      await page.reload();
      await expect(page.getByTestId('aspirant-board')).toBeVisible();
      await page.getByTestId('preform-step-address').click();
      await expect(page.getByTestId('preform-street')).toHaveValue('Av. Patria');
      await expect(page.getByTestId('preform-cp')).toHaveValue('45110');
      await expect(page.getByTestId('preform-fields-address').getByRole('combobox').nth(1)).toHaveText('Zapopan');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.size.width);
      // The refused postal code was a 400 the browser logs; nothing else.
      expect(consoleErrors.filter((error) => !error.includes('status of 400'))).toEqual([]);
    });

    test('a second sign-up with the same e-mail is refused, with the web code sent by e-mail instead', async ({ page, consoleErrors }) => {
      const email = freshEmail('doble');
      // The first application: signed up, its web code shown (not signed in: the form stays public).
      await fillSignUp(page, email);
      await expect(page.getByTestId('signup-web-code')).toHaveText(/^A\d+$/);
      // The same e-mail again, for the same period.
      await fillSignUp(page, email);

      await expect(page.getByTestId('signup-duplicate')).toContainText('Ya hay una solicitud con este correo para ese periodo');
      await expect(page.getByTestId('signup-done')).toHaveCount(0);
      await page.getByTestId('recover-web-code').click();
      await expect(page.getByTestId('recover-answer')).toContainText('te enviamos tu código web');
      await expect(page.getByTestId('recover-web-code')).toBeDisabled();

      // The same way from the sign-in page, for whoever forgot their code.
      await page.goto('/aspirants');
      // Opened once the page is hydrated (a click before that opens nothing).
      await expect(async () => {
        const opener = page.getByTestId('to-recover');
        if ((await opener.getAttribute('aria-expanded')) !== 'true') await opener.click();
        await expect(page.getByTestId('recover-email')).toBeVisible({ timeout: 1_000 });
      }).toPass({ timeout: 15_000 });
      await page.getByTestId('recover-email').fill(email);
      await page.getByTestId('recover-send').click();
      await expect(page.getByTestId('recover-answer')).toContainText('te enviamos tu código web');
      // The refused second sign-up was a 409 the browser logs; nothing else.
      expect(consoleErrors.filter((error) => !error.includes('status of 409'))).toEqual([]);
    });
  });
}
