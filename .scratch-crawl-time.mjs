import { chromium } from '@playwright/test';
const base = 'http://localhost:3202';
const routes = ['/academic/campus','/academic/groups','/finance/sales','/scholar/students','/scores/summary','/tools/occupations','/invoices/units','/permanence/aspirants','/academic/teachers','/finance/payments'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const page = await browser.newPage({ locale: 'es-MX', viewport: { width: 1366, height: 850 } });
await page.goto(base + '/login');
await page.getByTestId('login-username').fill('admin');
await page.getByTestId('login-password').fill(process.env.PW ?? 'plantel');
await page.getByTestId('login-submit').click();
await page.waitForURL(base + '/');
for (const mode of ['goto', 'client']) {
  for (const r of routes) {
    const t0 = Date.now();
    if (mode === 'goto') await page.goto(base + r);
    else {
      await page.evaluate((p) => { const a = document.createElement('a'); a.href = p; document.body.appendChild(a); a.click(); }, r);
    }
    await page.locator('main h1').first().waitFor();
    const t1 = Date.now();
    const grid = page.getByTestId('resource-grid').first();
    if (await grid.count()) await page.locator('.MuiDataGrid-overlay .MuiCircularProgress-root, .MuiDataGrid-overlay .MuiLinearProgress-root').waitFor({ state: 'detached' }).catch(() => {});
    const t2 = Date.now();
    if (process.env.WAIT) await page.waitForTimeout(Number(process.env.WAIT));
    const t2b = Date.now();
    const create = page.getByTestId('resource-new').first();
    let t3 = t2;
    if (await create.isVisible()) {
      const form = page.getByTestId('resource-form');
      let clicks = 0;
      for (let i = 0; i < 20 && !(await form.isVisible()); i++) { clicks++; await create.click(); await form.waitFor({ timeout: 5000 }).catch(() => {}); }
      const ta = Date.now();
      await form.getByRole('progressbar').first().waitFor({ state: 'detached' }).catch(() => {});
      const tb = Date.now();
      await page.keyboard.press('Escape'); await form.waitFor({ state: 'detached' });
      t3 = Date.now();
      console.log('   clicks', clicks, 'open', ta - t2b, 'progress', tb - ta, 'close', t3 - tb);
    }
    console.log(mode, r, 'h1', t1 - t0, 'grid', t2 - t1, 'form', t3 - t2);
  }
}
await browser.close();
