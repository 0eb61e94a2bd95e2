// Wonderland Valley's cards on a phone: the role's colour and symbol, the points, the emblem, the
// name, and the cost as resource icons.
"use strict";
WG.games.valley = {
  card(card) {
    const node = WG.el("div", "card valley");
    node.style.borderColor = card.rgb;
    node.title = card.label;
    const band = WG.el("div", "band");
    band.style.background = card.rgb;
    band.appendChild(WG.el("span", "points", String(card.points)));
    WG.img(band, card.role_art, "role");
    node.appendChild(band);
    WG.img(node, card.art, "art");
    node.appendChild(WG.el("span", "name", card.label));
    const cost = WG.el("div", "cost");
    for (const [resource, n] of card.cost) {
      WG.img(cost, "/art/valley/resources/" + resource + ".svg", null, resource);
      cost.appendChild(WG.el("span", null, String(n)));
    }
    node.appendChild(cost);
    return node;
  },
};
