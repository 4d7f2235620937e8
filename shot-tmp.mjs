import { chromium } from 'playwright';
const base = 'http://localhost:43230';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await (await browser.newContext({ viewport: { width: 1280, height: 720 } })).newPage();
await page.request.post(base + '/api/login', { form: { username: 'demo', password: 'yaopi2026' }, headers: { origin: base } });
await page.goto(base + process.argv[2]); await page.waitForTimeout(1500);
await page.screenshot({ path: process.argv[3] });
await browser.close();
