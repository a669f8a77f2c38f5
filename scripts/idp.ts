/**
 * `npm run idp`: the demo school's own sign-in service (oidc-provider, as the tests use it) on
 * http://127.0.0.1:8090, so 'Inloggen met je schoolaccount' can be tried locally. Prints the
 * OIDC_PROVIDERS value to start the portal with. IDP_PORT and PUBLIC_URL (the portal's address)
 * may be set. Its login page takes an account's e-mail address and any password.
 */
import { IDP_ACCOUNTS, IDP_CLIENT_ID, IDP_CLIENT_SECRET, startIdp } from '../tests/helpers/oidc-idp';

const port = Number(process.env.IDP_PORT ?? 8090);
const portal = (process.env.PUBLIC_URL ?? 'http://127.0.0.1:8080').replace(/\/+$/, '');
const idp = await startIdp({ port, redirectUris: [`${portal}/login/schoolaccount/demoschool`] });

const providers = [
  {
    id: 'demoschool',
    name: 'Demoschool-account',
    issuer: idp.issuer,
    clientId: IDP_CLIENT_ID,
    clientSecret: IDP_CLIENT_SECRET,
    claims: { role: 'eduperson_affiliation' },
    // The portal's schools this provider speaks for (1 = Het Baken in the demo data) and the address
    // domains it hands out: it signs in no other school's teacher.
    organisationIds: [1],
    emailDomains: ['demoschool.nl', 'hetbaken.nl'],
  },
];
console.log(`Demo-inlogdienst van de demoschool: ${idp.issuer}`);
console.log(`Start het portaal in een tweede terminal met:\n\n  OIDC_PROVIDERS='${JSON.stringify(providers)}' npm start\n`);
console.log(
  `Accounts (elk wachtwoord werkt): ${Object.keys(IDP_ACCOUNTS).join(', ')}, of een ander adres op @demoschool.nl (een onbekende docent).`,
);

const stop = () => void idp.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
