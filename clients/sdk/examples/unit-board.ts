// A unit board outside FiveM: an API credential (kind generic_api_key) with cad.unit.view lists the
// units and their status, and follows a status change. Run it with
//   CAD_BASE_URL=https://cad.example.org CAD_CLIENT_ID=... CAD_CLIENT_SECRET=... node unit-board.js
import { CadClient, CadHttpError } from '../src/index.ts';

const cad = new CadClient({
  baseUrl: process.env['CAD_BASE_URL'] ?? 'http://127.0.0.1:8080',
  clientId: process.env['CAD_CLIENT_ID'] ?? '',
  clientSecret: process.env['CAD_CLIENT_SECRET'] ?? '',
  credential: 'generic_api_key',
});

const units = await cad.api.listUnits({ query: { isActive: true } });
for (const unit of units) console.log(`${unit.unitLabel}\t${unit.status}\t${unit.assignment?.callNumber ?? '-'}`);

// Refusals other than a bridge's are exceptions with the service's error body.
const first = units[0];
if (first !== undefined) {
  try {
    await cad.api.setUnitStatus({ params: { unitId: first.unitId }, body: { status: 'BUSY' } });
    console.log(`${first.unitLabel} is BUSY`);
  } catch (error) {
    if (error instanceof CadHttpError && error.status === 403) console.log('this credential lacks cad.unit.assign');
    else throw error;
  }
}
