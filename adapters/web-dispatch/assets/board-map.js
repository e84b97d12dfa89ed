// The map: Leaflet on game coordinates (CRS.Simple: latitude is the game's Y, longitude its X).
// An organisation's tile layer or image, when its settings name one; otherwise a plain grid.
// Leaflet.markercluster extends the global that leaflet-global.js sets up, so it is imported after it.
import './leaflet-global.js';
import './leaflet.markercluster-src.js';
import { el, own } from '/shared/dom.js';

const L = globalThis.L;

/** The plain grid's extent and spacing, in game units (the island and its sea). */
const GRID = { min: -4000, max: 8000, step: 1000 };

const toLatLng = (x, y) => L.latLng(y, x);

export function boardMap(container, { onPlace, onUnit, onCall, onPinMoved }) {
  const map = L.map(container, { crs: L.CRS.Simple, minZoom: -5, maxZoom: 3, zoomSnap: 0.25, attributionControl: false });
  let background = null;

  function showBackground(organisation) {
    background?.remove();
    const layer = organisation?.map;
    const bounds =
      layer?.bounds && L.latLngBounds(toLatLng(layer.bounds.minX, layer.bounds.minY), toLatLng(layer.bounds.maxX, layer.bounds.maxY));
    if (organisation.mapType === 'game_tiles' && layer?.tileUrlTemplate && bounds) {
      background = L.tileLayer(layer.tileUrlTemplate, { bounds, noWrap: true, minZoom: -5, maxZoom: 3 });
    } else if (organisation.mapType === 'static_image' && layer?.imageUrl && bounds) {
      background = L.imageOverlay(layer.imageUrl, bounds, { alt: 'Map image' });
    } else {
      background = grid();
    }
    background.addTo(map);
    map.fitBounds(bounds ?? L.latLngBounds(toLatLng(GRID.min, GRID.min), toLatLng(GRID.max, GRID.max)));
  }

  function grid() {
    const lines = [];
    for (let v = GRID.min; v <= GRID.max; v += GRID.step) {
      lines.push(L.polyline([toLatLng(v, GRID.min), toLatLng(v, GRID.max)], { color: '#b8c2cc', weight: 1, interactive: false }));
      lines.push(L.polyline([toLatLng(GRID.min, v), toLatLng(GRID.max, v)], { color: '#b8c2cc', weight: 1, interactive: false }));
    }
    return L.layerGroup(lines);
  }

  map.on('click', (event) => onPlace({ mapX: round(event.latlng.lng), mapY: round(event.latlng.lat) }));

  const units = new Map();
  const calls = new Map();
  const pins = new Map();
  let draft = null;

  // Units and call pins that would cover each other's labels gather into one counted chip; choosing
  // it fans them out around their place, at any zoom, so a unit on its call's pin stays reachable.
  const crowd = L.markerClusterGroup({
    maxClusterRadius: 56,
    showCoverageOnHover: false,
    zoomToBoundsOnClick: false,
    spiderfyOnMaxZoom: false,
    spiderfyOnEveryZoom: true,
    spiderfyShapePositions: fanOut,
    animate: false,
    iconCreateFunction: (cluster) => {
      const count = cluster.getChildCount();
      return L.divIcon({
        className: 'marker-crowd',
        html: el('span', { 'data-crowd': String(count) }, own(`${count} `), el('span', { class: 'visually-hidden' }, own('markers here'))),
        iconSize: null,
      });
    },
  }).addTo(map);

  /** A marker whose icon is a labelled chip; the label is another party's text, put in as text. */
  function chip(kind, attributes, label, draggable = false) {
    return L.marker([0, 0], { icon: icon(kind, attributes, label), keyboard: true, draggable });
  }
  const icon = (kind, attributes, ...label) => L.divIcon({ className: kind, html: el('span', attributes, ...label), iconSize: null });

  /**
   * Moves a marker only when its place has changed: a marker fanned out of its crowd stands
   * elsewhere on purpose, and moving it would gather the crowd again.
   */
  function standAt(marker, mapX, mapY) {
    const at = `${mapX},${mapY}`;
    if (marker.place === at) return;
    marker.place = at;
    marker.setLatLng(toLatLng(mapX, mapY));
  }

  /** Draws the marker's icon again only when what it shows has changed (it may sit in a crowd, with no element). */
  function show(marker, look, draw) {
    if (marker.look === look) return;
    marker.look = look;
    marker.setIcon(draw());
  }

  function syncUnits(state, selectedUnitId) {
    const seen = new Set();
    for (const unit of state.unitList()) {
      if (unit.position === null) continue;
      seen.add(unit.unitId);
      let marker = units.get(unit.unitId);
      if (marker === undefined) {
        marker = chip('unit-marker', {}, null);
        marker.on('click', () => onUnit(unit.unitId));
        units.set(unit.unitId, marker);
        standAt(marker, unit.position.mapX, unit.position.mapY);
        crowd.addLayer(marker);
      }
      const { mapX, mapY } = unit.position;
      const liveness = state.livenessOf(unit);
      const selected = unit.unitId === selectedUnitId;
      const kind = [
        'unit-marker',
        `status-${unit.status}`,
        selected && 'selected-marker',
        liveness.kind !== 'live' && 'stale',
        liveness.greyed && 'greyed',
      ];
      show(marker, JSON.stringify([unit.unitLabel, mapX, mapY, kind, liveness.text]), () =>
        icon(
          kind.filter(Boolean).join(' '),
          {
            'data-unit-id': unit.unitId,
            'data-map-x': String(mapX),
            'data-map-y': String(mapY),
            'data-status': unit.status,
            'data-liveness': liveness.kind,
          },
          el('bdi', { text: unit.unitLabel }),
          liveness.text ? el('small', {}, own(liveness.text)) : null,
        ),
      );
      standAt(marker, mapX, mapY);
    }
    for (const [unitId, marker] of units) if (!seen.has(unitId)) (crowd.removeLayer(marker), units.delete(unitId));
  }

  function syncCalls(list, selectedCallId) {
    const seen = new Set();
    for (const call of list) {
      if (call.mapX === null || call.mapY === null) continue;
      seen.add(call.callId);
      let marker = calls.get(call.callId);
      if (marker === undefined) {
        marker = chip('call-pin', {}, null);
        marker.on('click', () => onCall(call.callId));
        calls.set(call.callId, marker);
        standAt(marker, call.mapX, call.mapY);
        crowd.addLayer(marker);
      }
      const label = call.priority === 'P1' ? `P1 ${call.callNumber}` : call.callNumber;
      const kind = ['call-pin', call.priority === 'P1' && 'p1', call.callId === selectedCallId && 'selected-marker']
        .filter(Boolean)
        .join(' ');
      show(marker, JSON.stringify([label, kind]), () => icon(kind, { 'data-call-id': call.callId, 'data-priority': call.priority }, label));
      standAt(marker, call.mapX, call.mapY);
    }
    for (const [callId, marker] of calls) if (!seen.has(callId)) (crowd.removeLayer(marker), calls.delete(callId));
  }

  /** Each assignment's pin, where the unit is sent; draggable by a dispatcher to move it. */
  function syncPins(list, canManage) {
    const seen = new Set();
    for (const unit of list) {
      const a = unit.assignment;
      if (a === null || a.mapX === null || a.mapY === null) continue;
      const key = `${unit.unitId}:${a.callId}`;
      seen.add(key);
      let marker = pins.get(key);
      if (marker === undefined) {
        marker = chip(
          'assignment-pin',
          { 'data-pin-unit-id': unit.unitId, 'data-pin-call-id': a.callId },
          `⚑ ${unit.unitLabel}`,
          canManage,
        ).addTo(map);
        marker.on('dragend', () => {
          const at = marker.getLatLng();
          onPinMoved(unit.unitId, a.callId, { mapX: round(at.lng), mapY: round(at.lat) });
        });
        pins.set(key, marker);
      }
      if (!marker.dragging?.moved?.()) marker.setLatLng(toLatLng(a.mapX, a.mapY));
    }
    for (const [key, marker] of pins) if (!seen.has(key)) (marker.remove(), pins.delete(key));
  }

  return {
    showBackground,
    draw(state, selected) {
      syncUnits(state, selected.unitId);
      syncCalls(state.callList(), selected.callId);
      syncPins(state.unitList(), state.canManage);
    },
    /** The pin of an assignment being prepared: dragged, it reports its place. */
    draft(place, onMove) {
      draft?.remove();
      draft = null;
      if (place === null) return;
      draft = chip('assignment-pin', { 'data-draft-pin': '' }, '⚑ new', true).addTo(map);
      draft.setLatLng(toLatLng(place.mapX, place.mapY));
      draft.on('drag', () => onMove({ mapX: round(draft.getLatLng().lng), mapY: round(draft.getLatLng().lat) }));
    },
    moveDraft(place) {
      if (draft && Number.isFinite(place.mapX) && Number.isFinite(place.mapY)) draft.setLatLng(toLatLng(place.mapX, place.mapY));
    },
  };
}

const round = (value) => Math.round(value * 100) / 100;

/**
 * Fanned-out chips stand in columns of eight to the left of their place, one row each, so that no
 * label covers another, nor the assignment flag that stands to the right of its point.
 */
const FAN = { perColumn: 8, row: 28, column: 150, gap: 80 };
function fanOut(count, center) {
  const rows = Math.min(count, FAN.perColumn);
  return Array.from({ length: count }, (_, i) =>
    L.point(center.x - FAN.gap - Math.floor(i / FAN.perColumn) * FAN.column, center.y + ((i % FAN.perColumn) - (rows - 1) / 2) * FAN.row),
  );
}
