// Dream Teller on a phone: the role card in its colour, and the dream word written large (only a
// spirit's view has one).
"use strict";
WG.games.dream = {
  card(card) {
    const node = WG.el("div", "card dream " + card.kind + (card.role ? " " + card.role : ""));
    node.appendChild(WG.el("span", "label", card.label));
    return node;
  },
};
