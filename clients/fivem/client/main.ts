/**
 * The client side of cad-bridge: it shows what the server side sends (waypoints, notifications,
 * the MDT link) and knows nothing of the CAD, its address or its credential.
 */

function notify(text: string): void {
  BeginTextCommandThefeedPost('STRING');
  AddTextComponentSubstringPlayerName(text);
  EndTextCommandThefeedPostTicker(false, true);
}

onNet('cad-bridge:setWaypoint', (waypoint: { callNumber: string; x: number; y: number }) => {
  SetNewWaypoint(waypoint.x, waypoint.y);
  notify(`~b~Dispatch~s~: ${waypoint.callNumber}, waypoint set`);
});

onNet('cad-bridge:clearWaypoint', () => {
  SetWaypointOff();
  notify('~b~Dispatch~s~: assignment cleared');
});

// The NUI page opens the link in the player's browser (game windows cannot show the MDT themselves).
onNet('cad-bridge:openUrl', (url: string) => {
  if (typeof url === 'string' && /^https?:\/\//.test(url)) SendNuiMessage(JSON.stringify({ type: 'openUrl', url }));
});
