// Lost in Oz on a phone: a magic card is its name over its one-line rule; a die shows its face and,
// once taken, who took it.
"use strict";
WG.games.oz = {
  card(card) {
    if (card.die) {
      const node = WG.el("div", "card oz-die " + card.die);
      node.title = card.label;
      node.appendChild(WG.el("span", "face", card.face));
      if (card.owner) node.appendChild(WG.el("span", "owner", card.owner));
      return node;
    }
    const node = WG.el("div", "card oz-spell" + (card.kind === "wizard" ? " wizard" : ""));
    node.title = card.label;
    node.appendChild(WG.el("b", "name", card.label));
    node.appendChild(WG.el("span", "text", card.text));
    return node;
  },
};
