// The API reference page (/api/docs) in a real browser: rendered from this origin under its own CSP.
import { describe, expect, it } from 'vitest';
import { baseUrl, browserPerFile, siteName } from './helpers';

const { openPage } = browserPerFile();

describe('API reference', () => {
  it('lists the operations of the document with nothing refused by its CSP and nothing fetched elsewhere', async () => {
    const page = await openPage();
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(`${baseUrl()}/`)) problems.push(`fetched ${request.url()}`);
    });

    await page.goto('/api/docs');
    await page.locator('.opblock-summary-path', { hasText: '/api/projects/{id}/like' }).waitFor();
    // A members-only read: its answers include 401.
    await page.locator('.opblock-summary', { hasText: '/api/notifications/unread' }).first().click();
    await page.getByText('Unauthorized').first().waitFor();

    expect(await page.title()).toBe(`${siteName()} API`);
    expect(await page.locator('.opblock').count()).toBeGreaterThan(40);
    expect(problems).toEqual([]);
  });
});
