// Where each tile of the line goes (pure arithmetic: no DOM).

/**
 * Where each tile of the line goes, as on a real table: the lead tile stays put at the top
 * centre, the right end grows rightwards and the left end leftwards, and each turns down and
 * back at the edge of its half of the table.  A tile's place depends only on the tiles between
 * it and the lead, so a tile added at one end never moves any other tile.
 *
 * @param {Array<{double: boolean}>} line  tiles from the left end to the right end
 * @param {number|null} leadIndex  which of them was led (the anchor)
 * @param {number} width  the width of the table area in px
 * @param {number} u  the size of one tile half in px
 * @returns {{items: Array<{index: number, x: number, y: number, w: number, h: number, vertical: boolean, flip: boolean}>,
 *            slots: {left: {x: number, y: number, w: number, h: number}, right: {x: number, y: number, w: number, h: number}},
 *            width: number, height: number}}  boxes in px from the top left of the line's area
 */
export function layoutLine(line, leadIndex, width, u) {
  const g = Math.max(2, Math.round(u * 0.15));
  const half = Math.max(width / 2 - g, 4 * u + 2 * g); // room for each arm, either side of the centre
  const items = [];
  const slots = {};
  let top = -u; // room above the lead row for a double, whether or not one comes: nothing shifts when it does
  let bottom = u;
  const put = (item) => {
    items.push(item);
    top = Math.min(top, item.y);
    bottom = Math.max(bottom, item.y + item.h);
  };
  const lead = leadIndex === null || leadIndex === undefined ? Math.floor(line.length / 2) : leadIndex;
  const at = (box) => ({ ...box, x: box.x + width / 2, y: box.y - top });
  if (!line.length) {
    const slot = at({ x: -u, y: -u / 2, w: 2 * u, h: u });
    return { items, slots: { left: slot, right: slot }, width, height: 2 * u };
  }
  const leadTile = line[lead];
  const lw = leadTile.double ? u : 2 * u;
  const lh = leadTile.double ? 2 * u : u;
  put({ index: lead, x: -lw / 2, y: -lh / 2, w: lw, h: lh, vertical: !!leadTile.double, flip: false });

  // One arm: dir +1 goes right first (the right end), -1 goes left first (the left end).
  const arm = (indices, dir, side) => {
    let y = 0; // the row's centre line
    let going = dir; // +1 right, -1 left
    let edge = dir > 0 ? lw / 2 : -lw / 2; // where the next tile attaches
    let lastDouble = !!leadTile.double;
    let inRow = 1; // tiles in the current row (the lead counts in the first)
    // The outer edge of this arm's half going out, or the centre coming back.
    const limit = () => (going === dir ? dir * half : (dir * g) / 2);
    // A tile reads along the line: flipped where the row runs against the line's order.
    const flipped = () => (side === "right" ? going < 0 : going > 0);
    const place = (tile, isSlot) => {
      const double = !isSlot && !!tile.double;
      const w = double ? u : 2 * u;
      const hgt = double ? 2 * u : u;
      const start = edge + going * g;
      const end = start + going * w;
      const fits = going > 0 ? end <= limit() : end >= limit();
      if (fits || inRow === 0) {
        edge = end;
        lastDouble = double;
        inRow += 1;
        return { x: going > 0 ? start : end, y: y - hgt / 2, w, h: hgt, vertical: double, flip: flipped() };
      }
      // Turn: a tile stood on end under the end of the row; the next row runs back.
      const cornerTop = y + (lastDouble ? u : u / 2) + g;
      const x = going > 0 ? edge - u : edge;
      y = cornerTop + 1.5 * u;
      edge = going > 0 ? x : x + u;
      going = -going;
      lastDouble = false;
      inRow = 0;
      return { x, y: cornerTop, w: u, h: 2 * u, vertical: true, flip: side === "left", corner: true };
    };
    for (const index of indices) put({ index, ...place(line[index], false) });
    const slot = place({ double: false }, true);
    slots[side] = slot;
    top = Math.min(top, slot.y);
    bottom = Math.max(bottom, slot.y + slot.h);
  };
  const right = [];
  for (let i = lead + 1; i < line.length; i++) right.push(i);
  const left = [];
  for (let i = lead - 1; i >= 0; i--) left.push(i);
  arm(right, +1, "right");
  arm(left, -1, "left");
  items.sort((a, b) => a.index - b.index);
  return {
    items: items.map(at),
    slots: { left: at(slots.left), right: at(slots.right) },
    width,
    height: bottom - top,
  };
}

/**
 * The line as one chain for a narrow table: from the left end marker, left to right, turning
 * down at the edge and running back, row after row, to the right end marker, so it reads as
 * one line of tiles like text.  (Unlike layoutLine, a tile added at the left end moves the
 * others along; on a narrow table one readable chain matters more.)
 * @param {Array<{double: boolean}>} line  tiles from the left end to the right end
 * @param {number} width  the width of the table area in px
 * @param {number} u  the size of one tile half in px
 */
export function layoutChain(line, width, u) {
  const g = Math.max(2, Math.round(u * 0.15));
  let y = 0; // the row's centre line
  let going = 1;
  let edge = 0;
  let lastDouble = false;
  let inRow = 0;
  let first = true;
  const place = (double) => {
    const w = double ? u : 2 * u;
    const hgt = double ? 2 * u : u;
    const start = first ? edge : edge + going * g;
    first = false;
    const end = start + going * w;
    const fits = going > 0 ? end <= width : end >= 0;
    if (fits || inRow === 0) {
      edge = end;
      lastDouble = double;
      inRow += 1;
      return { x: going > 0 ? start : end, y: y - hgt / 2, w, h: hgt, vertical: double, flip: going < 0 };
    }
    // Turn: a tile stood on end under the end of the row; the next row runs back.
    const cornerTop = y + (lastDouble ? u : u / 2) + g;
    const x = going > 0 ? edge - u : edge;
    y = cornerTop + 1.5 * u;
    edge = going > 0 ? x : x + u;
    going = -going;
    lastDouble = false;
    inRow = 0;
    return { x, y: cornerTop, w: u, h: 2 * u, vertical: true, flip: false, corner: true };
  };
  const left = place(false);
  const items = line.map((tile, index) => ({ index, ...place(!!tile.double) }));
  const right = line.length ? place(false) : left;
  const all = [left, right, ...items];
  const top = Math.min(...all.map((b) => b.y));
  const bottom = Math.max(...all.map((b) => b.y + b.h));
  const at = (box) => ({ ...box, y: box.y - top });
  return { items: items.map(at), slots: { left: at(left), right: at(right) }, width, height: bottom - top };
}
