// World Voyage on a phone: an itinerary card in its colour, its shape in a corner (never colour
// alone), its steps (or its special's name) in the middle and its fare coin.
"use strict";
WG.games.voyage = {
  card(card) {
    const node = WG.el("div", "card voyage" + (card.plain ? "" : " special"));
    node.style.background = card.rgb;
    node.title = card.label;
    node.appendChild(WG.el("span", "symbol", card.symbol));
    node.appendChild(WG.el("span", "face", card.face));
    if (card.fare) node.appendChild(WG.el("span", "fare", "+" + card.fare));
    return node;
  },
};
