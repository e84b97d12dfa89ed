import test from 'ava';
import { type MapLayer, isDrawableMapLayer } from '../../domain/organisation/organisation.ts';

const bounds = { minX: -4000, minY: -4000, maxX: 6000, maxY: 8000 };
const cases: Array<[string, MapLayer, boolean]> = [
  ['a tile template with {z}, {x} and {y}', { tileUrlTemplate: 'https://t.example/{z}/{x}/{y}.png', imageUrl: null, bounds }, true],
  ['an image', { tileUrlTemplate: null, imageUrl: 'https://m.example/map.jpg', bounds }, true],
  ['both', { tileUrlTemplate: 'https://t.example/{z}/{y}/{x}', imageUrl: 'https://m.example/map.jpg', bounds }, true],
  ['neither', { tileUrlTemplate: null, imageUrl: null, bounds }, false],
  ['a template without {y}', { tileUrlTemplate: 'https://t.example/{z}/{x}.png', imageUrl: null, bounds }, false],
  ['bounds of no width', { tileUrlTemplate: null, imageUrl: 'https://m.example/map.jpg', bounds: { ...bounds, maxX: -4000 } }, false],
  ['bounds upside down', { tileUrlTemplate: null, imageUrl: 'https://m.example/map.jpg', bounds: { ...bounds, minY: 9000 } }, false],
];
for (const [name, layer, drawable] of cases) {
  test(`map layer: ${name} is ${drawable ? '' : 'not '}drawable`, (t) => t.is(isDrawableMapLayer(layer), drawable));
}
