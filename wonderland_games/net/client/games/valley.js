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
    const role = WG.el("img", "role");
    role.src = card.role_art;
    role.alt = "";
    band.appendChild(role);
    node.appendChild(band);
    const art = WG.el("img", "art");
    art.src = card.art;
    art.alt = "";
    node.appendChild(art);
    node.appendChild(WG.el("span", "name", card.label));
    const cost = WG.el("div", "cost");
    for (const [resource, n] of card.cost) {
      const icon = WG.el("img");
      icon.src = "/art/valley/resources/" + resource + ".svg";
      icon.alt = resource;
      cost.appendChild(icon);
      cost.appendChild(WG.el("span", null, String(n)));
    }
    node.appendChild(cost);
    return node;
  },
};
