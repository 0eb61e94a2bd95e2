// Parade's cards on a phone: the colour's character, its value in two corners, its symbol.
"use strict";
WG.games.parade = {
  card(card) {
    const node = WG.el("div", "card parade");
    node.style.background = card.rgb;
    node.title = card.label;
    const art = WG.el("img", "art");
    art.src = card.art;
    art.alt = "";
    node.appendChild(art);
    node.appendChild(WG.el("span", "value top", String(card.value)));
    node.appendChild(WG.el("span", "value bottom", String(card.value)));
    const symbol = WG.el("img", "symbol");
    symbol.src = card.symbol_art;
    symbol.alt = card.label;
    node.appendChild(symbol);
    return node;
  },
};
