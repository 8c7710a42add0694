import { ADMIN, SERVERS } from '../support/environment';
import { expect, signIn, test } from '../support/fixtures';

// One server with the default limits serves this test; running it per project would share
// that server's counters, so it runs once.
test('too many sign-in attempts show a clear, translated message', async ({ page }, testInfo) => {
  test.skip(testInfo.project.name !== 'sqlite', 'runs once, against the strict server');
  await page.goto(`${SERVERS.strict.url}/signin`);
  const alert = page.getByTestId('signin-error');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    await signIn(page, { email: ADMIN.email, password: `wrong-${attempt}` });
    await expect(alert).toContainText('Wrong e-mail or password');
  }
  await signIn(page, { email: ADMIN.email, password: 'wrong-6' });
  await expect(alert).toContainText('Too many attempts');
});
