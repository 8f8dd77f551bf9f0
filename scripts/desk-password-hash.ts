import { createInterface } from 'node:readline';
import { hashDeskPassword } from '../server/app/desk-password.ts';

// `npm run desk:password-hash`: reads the supplier's desk password from standard input (so it
// stays out of the shell history) and prints the SUPPLIER_DESK_PASSWORD_HASH value to set.
const input = createInterface({ input: process.stdin, terminal: false });
input.once('line', (password) => {
  input.close();
  if (password.length < 12) {
    console.error('The desk password must have at least 12 characters.');
    process.exit(1);
  }
  console.log(hashDeskPassword(password));
});
