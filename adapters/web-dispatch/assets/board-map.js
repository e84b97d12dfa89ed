// The map: Leaflet on game coordinates (CRS.Simple: latitude is the game's Y, longitude its X).
// An organisation's tile layer or image, when its settings name one; otherwise a plain grid.
import * as L from './leaflet-src.esm.js';
import { el } from '/shared/dom.js';

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

  /** A marker whose icon is a labelled chip; the label is another party's text, put in as text. */
  function chip(kind, attributes, label, draggable = false) {
    const html = el('span', attributes, label);
    return L.marker([0, 0], { icon: L.divIcon({ className: kind, html, iconSize: null }), keyboard: true, draggable });
  }

  function syncUnits(list, selectedUnitId) {
    const seen = new Set();
    for (const unit of list) {
      if (unit.position === null) continue;
      seen.add(unit.unitId);
      let marker = units.get(unit.unitId);
      if (marker === undefined) {
        marker = chip('unit-marker', { 'data-unit-id': unit.unitId }, unit.unitLabel).addTo(map);
        marker.on('click', () => onUnit(unit.unitId));
        units.set(unit.unitId, marker);
      }
      marker.setLatLng(toLatLng(unit.position.mapX, unit.position.mapY));
      const node = marker.getElement();
      node.className = node.className.replace(/\bstatus-\S+|\bselected-marker\b/g, '').trim();
      node.classList.add(`status-${unit.status}`);
      if (unit.unitId === selectedUnitId) node.classList.add('selected-marker');
      const label = node.querySelector('span');
      label.dataset.mapX = String(unit.position.mapX);
      label.dataset.mapY = String(unit.position.mapY);
      label.dataset.status = unit.status;
      if (label.textContent !== unit.unitLabel) label.replaceChildren(el('bdi', { text: unit.unitLabel }));
    }
    for (const [unitId, marker] of units) if (!seen.has(unitId)) (marker.remove(), units.delete(unitId));
  }

  function syncCalls(list, selectedCallId) {
    const seen = new Set();
    for (const call of list) {
      if (call.mapX === null || call.mapY === null) continue;
      seen.add(call.callId);
      let marker = calls.get(call.callId);
      if (marker === undefined) {
        const label = call.priority === 'P1' ? `P1 ${call.callNumber}` : call.callNumber;
        marker = chip(
          call.priority === 'P1' ? 'call-pin p1' : 'call-pin',
          { 'data-call-id': call.callId, 'data-priority': call.priority },
          label,
        ).addTo(map);
        marker.on('click', () => onCall(call.callId));
        calls.set(call.callId, marker);
      }
      marker.setLatLng(toLatLng(call.mapX, call.mapY));
      marker.getElement().classList.toggle('selected-marker', call.callId === selectedCallId);
    }
    for (const [callId, marker] of calls) if (!seen.has(callId)) (marker.remove(), calls.delete(callId));
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
      syncUnits(state.unitList(), selected.unitId);
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
