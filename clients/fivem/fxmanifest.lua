fx_version 'cerulean'
game 'gta5'

name 'cad-bridge'
description 'Connects a FiveM server to the CAD: duty, locations, presence, waypoints, 911, panic, lookups and the MDT hand-off.'
version '0.2.0'

-- Server scripts run on FXServer's Node.js 22; everything that talks to the CAD is here, bundled.
node_version '22'
server_script 'server.js'

-- Build 12913 is the first whose Node.js 22 honours node_version: older builds run Node 16, which
-- has no fetch, and the resource could not start. OneSync lets the server read players' positions.
dependencies {
  '/server:12913',
  '/onesync',
}

-- The client script only shows what the server sends; it never sees the CAD's address or secret.
client_script 'client.js'

ui_page 'ui/index.html'
files {
  'ui/index.html',
}
