import type { RouteSpec } from '../route-spec.ts';
import { apiRoutes } from './api/index.ts';
import { bridgeRoutes } from './bridge/index.ts';
import { mdtRoutes } from './mdt/index.ts';
import { operatorRoutes } from './operator/index.ts';
import { tokenRoutes } from './tokens.ts';
import { accountRoutes } from './people/account.ts';
import { myCharacterRoutes } from './people/characters.ts';
import { myVehicleRoutes } from './people/vehicles.ts';
import { trustedLinkRoutes } from './people/trusted-links.ts';
import { authRoutes } from './people/auth.ts';
import { passkeyRoutes } from './people/passkeys.ts';
import { externalSignInRoutes } from './people/external.ts';

/** The route table: every HTTP route of the service, once. */
export const ROUTES: readonly RouteSpec[] = [
  ...tokenRoutes,
  ...authRoutes,
  ...accountRoutes,
  ...myCharacterRoutes,
  ...myVehicleRoutes,
  ...trustedLinkRoutes,
  ...passkeyRoutes,
  ...externalSignInRoutes,
  ...bridgeRoutes,
  ...mdtRoutes,
  ...apiRoutes,
  ...operatorRoutes,
];
