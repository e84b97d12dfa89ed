/**
 * The client side of cad-bridge: it shows what the server side sends (waypoints, notifications,
 * the MDT link) and knows nothing of the CAD, its address or its credential.
 */

function notify(text: string): void {
  BeginTextCommandThefeedPost('STRING');
  AddTextComponentSubstringPlayerName(text);
  EndTextCommandThefeedPostTicker(false, true);
}

/**
 * The dispatch route is a blip of the resource's own with a GPS route, not the map's waypoint:
 * `SetNewWaypoint` would replace a waypoint the officer set themselves, and `SetWaypointOff` would
 * take it away on release.
 */
let route: number | null = null;

function removeRoute(): void {
  if (route !== null && DoesBlipExist(route)) RemoveBlip(route);
  route = null;
}

onNet('cad-bridge:setWaypoint', (waypoint: { callNumber: string; x: number; y: number }) => {
  removeRoute();
  route = AddBlipForCoord(waypoint.x, waypoint.y, 0);
  SetBlipSprite(route, 162);
  SetBlipColour(route, 3);
  SetBlipRoute(route, true);
  SetBlipRouteColour(route, 3);
  BeginTextCommandSetBlipName('STRING');
  AddTextComponentSubstringPlayerName(`Dispatch ${waypoint.callNumber}`);
  EndTextCommandSetBlipName(route);
  notify(`~b~Dispatch~s~: ${waypoint.callNumber}, route set`);
});

onNet('cad-bridge:clearWaypoint', () => {
  removeRoute();
  notify('~b~Dispatch~s~: assignment cleared');
});

on('onResourceStop', (resource: string) => {
  if (resource === GetCurrentResourceName()) removeRoute();
});

// The NUI page opens the link in the player's browser (game windows cannot show the MDT themselves).
onNet('cad-bridge:openUrl', (url: string) => {
  if (typeof url === 'string' && /^https?:\/\//.test(url)) SendNuiMessage(JSON.stringify({ type: 'openUrl', url }));
});
