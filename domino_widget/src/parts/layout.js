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
 * @param {boolean} [still]  no tile will be added (a review's or the board's picture): no room is
 *   kept above and below the lead for a double to come, nor for the ends' markers
 * @returns {{items: Array<{index: number, x: number, y: number, w: number, h: number, vertical: boolean, flip: boolean}>,
 *            slots: {left: {x: number, y: number, w: number, h: number}, right: {x: number, y: number, w: number, h: number}},
 *            width: number, height: number}}  boxes in px from the top left of the line's area
 */
export function layoutLine(line, leadIndex, width, u, still = false) {
  const g = Math.max(2, Math.round(u * 0.15));
  const half = Math.max(width / 2 - g, 4 * u + 2 * g); // room for each arm, either side of the centre
  const items = [];
  const slots = {};
  let top = still ? Infinity : -u; // room above the lead row for a double, whether or not one comes: nothing shifts when it does
  let bottom = still ? -Infinity : u;
  const put = (item) => {
    items.push(item);
    top = Math.min(top, item.y);
    bottom = Math.max(bottom, item.y + item.h);
  };
  const lead = leadIndex === null || leadIndex === undefined ? Math.floor(line.length / 2) : leadIndex;
  const at = (box) => ({ ...box, x: box.x + width / 2, y: box.y - top });
  if (!line.length) {
    top = -u;
    const slot = at({ x: -u, y: -u / 2, w: 2 * u, h: u });
    return { items, slots: { left: slot, right: slot }, width, height: 2 * u };
  }
  const leadTile = line[lead];
  const lw = leadTile.double ? u : 2 * u;
  const lh = leadTile.double ? 2 * u : u;
  put({ index: lead, x: -lw / 2, y: -lh / 2, w: lw, h: lh, vertical: !!leadTile.double, flip: false });

  // One arm: dir +1 goes right first (the right end), -1 goes left first (the left end).
  const arm = (indices, dir, side) => {
    const place = snake(u, g, {
      edge: dir > 0 ? lw / 2 : -lw / 2, // where the next tile attaches
      going: dir,
      lastDouble: !!leadTile.double,
      inRow: 1, // the lead counts in the first row
      // The outer edge of this arm's half going out, or the centre coming back.
      limit: (going) => (going === dir ? dir * half : (dir * g) / 2),
      // A tile reads along the line: flipped where the row runs against the line's order.
      flip: (going) => (side === "right" ? going < 0 : going > 0),
      cornerFlip: side === "left",
    });
    for (const index of indices) put({ index, ...place(!!line[index].double) });
    const slot = place(false);
    slots[side] = slot;
    if (still) return;
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
  const place = snake(u, g, {
    edge: 0,
    going: 1,
    lastDouble: false,
    inRow: 0,
    limit: (going) => (going > 0 ? width : 0),
    flip: (going) => going < 0,
    cornerFlip: false,
  });
  const left = place(false, 0); // the left end marker starts the first row: no gap before it
  const items = line.map((tile, index) => ({ index, ...place(!!tile.double) }));
  const right = line.length ? place(false) : left;
  const all = [left, right, ...items];
  const top = Math.min(...all.map((b) => b.y));
  const bottom = Math.max(...all.map((b) => b.y + b.h));
  const at = (box) => ({ ...box, y: box.y - top });
  return { items: items.map(at), slots: { left: at(left), right: at(right) }, width, height: bottom - top };
}

/**
 * Lays tiles one after another along rows, for both layouts: a tile joins the row while it fits
 * (or is the row's first), else it turns: it stands on end under the end of the row, and the
 * next row runs back.
 * @param {number} u  the size of one tile half in px
 * @param {number} g  the gap between tiles in px
 * @param {object} start  where the first tile attaches (``edge``, on a row centred at y 0), which
 *   way the row runs (``going``: +1 right, -1 left), whether the tile before it was a double
 *   (``lastDouble``) and how many tiles its row holds already (``inRow``); ``limit(going)``, how
 *   far a row running that way may reach; ``flip(going)``, whether a tile along it reads
 *   flipped; ``cornerFlip``, whether a tile stood on end at a turn does
 * @returns {(double: boolean, gap?: number) => object}  the next tile's box, ``gap`` px (``g``
 *   unless told) after the last one
 */
function snake(u, g, { edge, going, lastDouble, inRow, limit, flip, cornerFlip }) {
  let y = 0; // the row's centre line
  return (double, gap = g) => {
    const w = double ? u : 2 * u;
    const hgt = double ? 2 * u : u;
    const start = edge + going * gap;
    const end = start + going * w;
    const fits = going > 0 ? end <= limit(going) : end >= limit(going);
    if (fits || inRow === 0) {
      edge = end;
      lastDouble = double;
      inRow += 1;
      return { x: going > 0 ? start : end, y: y - hgt / 2, w, h: hgt, vertical: double, flip: flip(going) };
    }
    // Turn: a tile stood on end under the end of the row; the next row runs back.
    const cornerTop = y + (lastDouble ? u : u / 2) + g;
    const x = going > 0 ? edge - u : edge;
    y = cornerTop + 1.5 * u;
    edge = going > 0 ? x : x + u;
    going = -going;
    lastDouble = false;
    inRow = 0;
    return { x, y: cornerTop, w: u, h: 2 * u, vertical: true, flip: cornerFlip, corner: true };
  };
}
