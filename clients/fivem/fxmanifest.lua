fx_version 'cerulean'
game 'gta5'

name 'cad-bridge'
description 'Connects a FiveM server to the CAD: duty, locations, presence, waypoints, 911, panic, lookups and the MDT hand-off.'
version '0.1.0'

-- Server scripts run on FXServer's Node.js 22; everything that talks to the CAD is here, bundled.
node_version '22'
server_script 'server.js'

-- The client script only shows what the server sends; it never sees the CAD's address or secret.
client_script 'client.js'

ui_page 'ui/index.html'
files {
  'ui/index.html',
}
