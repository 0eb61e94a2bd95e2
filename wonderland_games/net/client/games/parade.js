// Parade's cards on a phone: the colour's character, its value in two corners, its symbol.
"use strict";
WG.games.parade = {
  card(card) {
    const node = WG.el("div", "card parade");
    node.style.background = card.rgb;
    node.title = card.label;
    WG.img(node, card.art, "art");
    node.appendChild(WG.el("span", "value top", String(card.value)));
    node.appendChild(WG.el("span", "value bottom", String(card.value)));
    WG.img(node, card.symbol_art, "symbol", card.label);
    return node;
  },
};
