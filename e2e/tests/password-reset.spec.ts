import { RESET_PERSON } from '../support/environment';
import { expect, readMail, resetLinkFrom, signIn, test } from '../support/fixtures';

test('a forgotten password is reset by the link in the mail, once', async ({ page, server }) => {
  const since = Date.now() - 1000;
  await page.goto('/signin');
  await page.getByRole('button', { name: /reset password/i }).click();
  await expect(page).toHaveURL(/\/resetpassword/);
  const email = page.getByLabel('E-mail', { exact: true });
  await email.fill(RESET_PERSON.email);
  await expect(email).toHaveValue(RESET_PERSON.email);
  await page.getByRole('button', { name: /send/i }).click();
  // The confirmation, or the error in its place: a failure then prints what the server said
  // (this step once failed in CI without a trace of why).
  await expect(page.getByTestId('reset-requested').or(page.getByTestId('reset-error'))).toHaveText(
    /we have sent a link/i,
  );

  const mail = await readMail(server.dataDir, RESET_PERSON.email, since);
  const link = resetLinkFrom(mail);
  expect(new URL(link).origin).toBe(server.url);

  await page.goto(link);
  await expect(page).toHaveURL(/\/resetpassword\?token=/);
  const newPassword = `new-password-${Date.now()}`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat new password', { exact: true }).fill(newPassword);
  await page.getByRole('button', { name: /set new password/i }).click();
  await expect(page.getByText(/password has been changed/i)).toBeVisible();

  await page.goto('/signin');
  await signIn(page, { email: RESET_PERSON.email, password: newPassword });
  await expect(page.getByTestId('user-menu-button')).toBeVisible();

  // The same link a second time is refused.
  await page.goto(link);
  await expect(page.getByText(/invalid or has expired/i)).toBeVisible();
});
