/** A point on the organisation's map, in the game's own coordinate units. */
export class MapPoint {
  private constructor(
    readonly x: number,
    readonly y: number,
  ) {}

  static of(x: number, y: number): MapPoint {
    if (!Number.isFinite(x) || !Number.isFinite(y)) {
      throw new RangeError('a map point needs finite coordinates');
    }
    return new MapPoint(x, y);
  }

  /** Euclidean distance in map units. */
  distanceTo(other: MapPoint): number {
    return Math.hypot(this.x - other.x, this.y - other.y);
  }

  isWithin(radius: number, of: MapPoint): boolean {
    return this.distanceTo(of) <= radius;
  }

  equals(other: MapPoint): boolean {
    return this.x === other.x && this.y === other.y;
  }
}
