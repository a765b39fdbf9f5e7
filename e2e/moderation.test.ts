// Moderation in the browser (issue 14): a report reaches the queue, a moderator hides the work,
// visitors lose it, its owner reads why, and the audit log keeps it; a suspension ends the
// member's session at once and the sign-in page says why. /admin is for staff only, and accessible.
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TProject } from '../shared/schemas/project';
import { axeViolations } from './axe';
import { createProjectWithMedia, signUpMember, type TApiMember } from './api-helpers';
import { browserPerFile, setRole, toast } from './helpers';

const { openPage } = browserPerFile();
let moderator: TApiMember;
let admin: TApiMember;

beforeAll(async () => {
  moderator = await signUpMember({ firstName: 'Mona', lastName: 'Moderator' });
  setRole(moderator.email, 'moderator');
  admin = await signUpMember({ firstName: 'Adam', lastName: 'Admin' });
  setRole(admin.email, 'admin');
});

async function openAs(member: TApiMember | undefined, path: string): Promise<Page> {
  const page = await openPage({ member });
  await page.goto(path);
  return page;
}

describe('a report, a hide and the audit log', () => {
  let owner: TApiMember;
  let project: TProject;
  const word = `quokka${Date.now()}`;
  const reason = 'Sold as hand-painted, but it is generated.';

  beforeAll(async () => {
    owner = await signUpMember({ firstName: 'Olga', lastName: 'Owner' });
    project = await createProjectWithMedia(owner, { title: `Solar Bloom ${word}`, description: 'A field of glass flowers.' });
  });

  it('takes a report from a member, and a moderator hides the project with a reason', async () => {
    const reporter = await signUpMember({ firstName: 'Rita', lastName: 'Reporter' });
    const page = await openAs(reporter, `/project/${project.slug}`);
    await page.getByRole('button', { name: `Report ${project.title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this project' });
    await dialog.getByRole('radio').first().waitFor();
    const reasons = await dialog.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.getAttribute('value')));
    expect(reasons[0]).toBe('csam');
    await dialog.getByRole('radio', { name: 'Undisclosed or misrepresented AI work' }).check();
    await dialog.getByLabel('Note (optional)').fill('The prompt panel shows it was generated.');
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await toast(page, 'Thanks — a moderator will review your report.').waitFor();

    // A second report on the same project is refused while the first is open.
    await page.getByRole('button', { name: `Report ${project.title}` }).click();
    await dialog.getByRole('radio', { name: 'Spam' }).check();
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await toast(page, 'Report not sent').filter({ hasText: 'You have already reported this.' }).waitFor();

    const staff = await openAs(moderator, '/admin/reports');
    const group = staff.getByRole('article', { name: project.title });
    await group.getByText('The prompt panel shows it was generated.').waitFor();
    await group.getByRole('button', { name: `Hide ${project.title}` }).click();
    const hide = staff.getByRole('dialog', { name: `Hide “${project.title}”?` });
    await hide.getByRole('button', { name: 'Hide' }).click();
    await hide.getByText('Please give a reason').waitFor();
    await hide.getByLabel('Reason').fill(reason);
    await hide.getByRole('button', { name: 'Hide' }).click();
    await toast(staff, 'Hidden').waitFor();
    await group.waitFor({ state: 'detached' });
  });

  it('leaves the hidden project out for visitors and tells its owner why', async () => {
    const visitor = await openAs(undefined, `/search?q=${word}`);
    await visitor.getByRole('heading', { name: 'No results found' }).waitFor();
    await visitor.goto(`/project/${project.slug}`);
    await visitor.getByRole('heading', { name: 'Project not found' }).waitFor();

    const ownPage = await openAs(owner, `/project/${project.slug}`);
    await ownPage.getByRole('heading', { name: project.title, level: 1 }).waitFor();
    const notice = ownPage.getByRole('status').filter({ hasText: 'Hidden by a moderator' });
    await notice.getByText(reason, { exact: false }).waitFor();
  });

  it('shows the hide in the audit log to an admin, and hides the log from moderators', async () => {
    const page = await openAs(admin, '/admin/audit');
    const row = page.getByRole('row').filter({ hasText: project.title });
    await row.getByText(reason).waitFor();
    expect(await row.getByRole('cell', { name: 'Hide', exact: true }).count()).toBe(1);
    expect(await row.getByRole('link', { name: 'Mona Moderator' }).count()).toBe(1);

    const staff = await openAs(moderator, '/admin');
    await staff.getByRole('heading', { name: 'Figures' }).waitFor();
    expect(await staff.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
  });
});

describe('the report button', () => {
  it('sends a visitor to sign in, is absent on one’s own work, and reports a member from their page', async () => {
    const creator = await signUpMember({ firstName: 'Cleo', lastName: 'Creator' });
    const project = await createProjectWithMedia(creator, { title: `Moon Garden ${Date.now()}` });

    const visitor = await openAs(undefined, `/project/${project.slug}`);
    await visitor.getByRole('link', { name: `Report ${project.title}` }).click();
    await visitor.waitForURL((url) => url.pathname === '/login');

    const own = await openAs(creator, `/project/${project.slug}`);
    await own.getByRole('button', { name: 'Share' }).waitFor();
    expect(await own.getByRole('button', { name: `Report ${project.title}` }).count()).toBe(0);

    const reporter = await signUpMember();
    const page = await openAs(reporter, `/creator/${creator.id}`);
    await page.getByRole('button', { name: 'Report Cleo Creator' }).click();
    const dialog = page.getByRole('dialog', { name: 'Report this member' });
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await dialog.getByText('Please choose a reason').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await dialog.getByRole('radio', { name: 'Harassment' }).check();
    await dialog.getByRole('button', { name: 'Send Report' }).click();
    await toast(page, 'Thanks — a moderator will review your report.').waitFor();
  });
});

describe('suspension', () => {
  it('ends the member’s session at once and tells them why at sign-in', async () => {
    const member = await signUpMember({ firstName: 'Sid', lastName: `Suspended${Date.now()}` });
    const memberPage = await openAs(member, '/profile');
    await memberPage.getByRole('heading', { name: `Sid ${member.lastName}` }).waitFor();

    const staff = await openAs(moderator, '/admin/members');
    await staff.getByLabel('Search by name').fill(member.lastName);
    await staff.getByRole('link', { name: `Sid ${member.lastName}` }).click();
    await staff.getByRole('heading', { name: `Sid ${member.lastName}`, level: 2 }).waitFor();
    await staff.getByRole('button', { name: 'Suspend' }).click();
    const dialog = staff.getByRole('dialog', { name: `Suspend Sid ${member.lastName}?` });
    await dialog.getByRole('radio', { name: '7 days' }).check();
    await dialog.getByRole('checkbox', { name: 'Also revoke their unused invitation codes' }).click();
    await dialog.getByLabel('Reason').fill('Spamming other members.');
    expect(await axeViolations(staff)).toEqual([]);
    await dialog.getByRole('button', { name: 'Suspend' }).click();
    await toast(staff, 'Member suspended').waitFor();
    await staff.getByText(/^Suspended until/).first().waitFor();

    await memberPage.reload();
    await memberPage.getByRole('heading', { name: 'Please sign in to view your profile' }).waitFor();

    await memberPage.goto('/login');
    await memberPage.getByLabel('Email').fill(member.email);
    await memberPage.getByLabel('Password').fill(member.password);
    await memberPage.getByRole('button', { name: 'Sign In' }).click();
    await memberPage.getByRole('alert').filter({ hasText: 'Spamming other members.' }).waitFor();
  });
});

describe('access to /admin', () => {
  it('answers a member with 403 and sends a visitor to sign in', async () => {
    const member = await signUpMember();
    const page = await openAs(member, '/admin');
    await page.getByRole('heading', { name: 'You do not have access to this page' }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    expect(await page.getByRole('menuitem', { name: 'Admin' }).count()).toBe(0);

    const visitor = await openAs(undefined, '/admin/reports');
    await visitor.waitForURL((url) => url.pathname === '/login');
  });

  it('offers Admin in a moderator’s account menu and phone drawer', async () => {
    const page = await openAs(moderator, '/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Admin' }).click();
    await page.waitForURL((url) => url.pathname === '/admin');
    await page.getByRole('heading', { name: 'Figures' }).waitFor();

    const phone = await openPage({ member: moderator, width: 375 });
    await phone.goto('/');
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('dialog').getByRole('link', { name: 'Admin' }).click();
    await phone.waitForURL((url) => url.pathname === '/admin');
  });

  it('has no serious accessibility violations on the admin pages', async () => {
    const page = await openAs(admin, '/admin');
    await page.getByRole('heading', { name: 'Figures' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    for (const [path, heading] of [
      ['/admin/reports', 'Reports'],
      ['/admin/members', 'Members'],
      ['/admin/audit', 'Audit log'],
    ] as const) {
      await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: heading, exact: true }).click();
      await page.waitForURL((url) => url.pathname === path);
      await page.getByRole('heading', { name: heading, level: 2 }).waitFor();
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.goto('/admin/members');
    await page.getByRole('list', { name: 'Members' }).getByRole('link').first().click();
    await page.getByRole('heading', { name: 'Invite tree' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });
});
