/**
 * Adds a person from the command line, with a password login when --password is given:
 *
 *   npm run add-person -w @qa/server -- --email erika@example.com --name "Erika Muster" \
 *     --roles user,auditor [--password <at least 8 characters>]
 *
 * Uses the same environment as the server (DATA_DIR, DATABASE_URL, ...), migrates the database
 * and runs the first-start setup if the server never ran, like the server would.
 */
import { parseArgs } from 'node:util';
import { buildApp } from '../app';
import { ConfigError, loadConfig } from '../config/env';
import { PersonAccountsService } from '../modules/people/person-accounts.service';
import { AppError } from '../shared/app-error';

const USAGE =
  'usage: add-person --email <e-mail> --name <display name> [--roles user,auditor] [--password <password>]';

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      roles: { type: 'string', default: 'user' },
      password: { type: 'string' },
    },
  });
  if (!values.email || !values.name) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  // A one-off command: webhook deliveries are the running server's to send.
  const server = await buildApp({ ...config, logLevel: 'warn' }, { webhooks: { deliver: false } });
  try {
    if (server.initialAdmin.created && server.initialAdmin.generatedPassword) {
      console.log(
        `Initial admin: ${server.initialAdmin.email} / ${server.initialAdmin.generatedPassword}  (shown once)`,
      );
    }
    const input = {
      displayName: values.name,
      email: values.email,
      roles: values.roles.split(',').map((role) => role.trim()),
    };
    const person = values.password
      ? await new PersonAccountsService(server.auth, server.people).createWithPassword(
          input,
          values.password,
        )
      : await server.people.create(input);
    console.log(
      `Added ${person.displayName} <${person.email}> (${person.type}, roles ${person.roles.join(', ')}), id ${person.id}`,
    );
    return 0;
  } finally {
    await server.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof ConfigError || error instanceof RangeError) console.error(error.message);
    else if (error instanceof AppError) console.error(`${error.code}: ${error.message}`);
    else console.error('add-person failed:', error);
    process.exit(1);
  },
);
