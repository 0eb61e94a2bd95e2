// The phone page every game shares: it draws the seat's view the table sends and sends back the
// choice tapped. A game's own part (games/<game>.js) only says how its cards look
// (WG.games[game].card(card) -> element); without one a card is its label. A choice with "input"
// ({max, hint}) asks for a line of text in the bar, sent with the choice as "text".
"use strict";

const WG = (window.WG = { games: {} });
const code = decodeURIComponent(location.pathname.split("/").pop());
const params = new URLSearchParams(location.search);
const lang = ["zh", "en"].includes(params.get("lang")) ? params.get("lang")
  : ((navigator.language || "en").toLowerCase().startsWith("zh") ? "zh" : "en");
const $ = (id) => document.getElementById(id);
let socket = null, view = null, picked = null, sent = false, retry = 0, gone = false;
const loading = {};

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = text;
  return node;
}

WG.el = el;

// a picture of the game's art into `parent` (`alt` says it where it carries meaning)
WG.img = function (parent, src, cls, alt) {
  const img = el("img", cls);
  img.src = src;
  img.alt = alt || "";
  parent.appendChild(img);
  return img;
};

const field = el("input", "field");  // the bar's line of text, for a choice that asks for one
field.type = "text";
field.autocomplete = "off";
field.addEventListener("keydown", (event) => { if (event.key === "Enter") confirm(); });
$("detail").after(field);

WG.plainCard = function (card) {
  const node = el("div", "card plain");
  if (card.art) WG.img(node, card.art);
  node.appendChild(el("span", "label", card.label));
  return node;
};

function drawCard(card) {
  const game = view && WG.games[view.game];
  return game && game.card ? game.card(card) : WG.plainCard(card);
}

function loadGame(game) {
  if (!/^[a-z]+$/.test(game) || loading[game]) return;
  loading[game] = true;
  const script = el("script");
  script.src = "/c/games/" + game + ".js";
  script.onload = () => render();
  document.head.appendChild(script);
}

function link(text, cls) {
  const node = $("link");
  node.textContent = text;
  node.className = "link " + (cls || "");
}

function toast(text) {
  const node = $("toast");
  node.textContent = text;
  node.hidden = false;
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => (node.hidden = true), 3500);
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function choose(choice) {
  if (sent) return;
  if (!picked || picked.i !== choice.i) field.value = "";
  picked = choice;
  render();
  if (choice.input) field.focus();
}

function confirm() {
  if (!picked || sent) return;
  const text = field.value.trim();
  if (picked.input && !text) return field.focus();
  sent = true;
  send(picked.input ? { type: "act", version: view.version, choice: picked.i, text: text }
    : { type: "act", version: view.version, choice: picked.i });
  render();
}

function cancel() {
  picked = null;
  render();
}

function drawSection(section) {
  const box = el("section", "panel");
  box.appendChild(el("h2", null, section.title));
  if (section.cards) {
    const row = el("div", "cards");
    section.cards.forEach((card) => row.appendChild(drawCard(card)));
    box.appendChild(row);
  }
  (section.lines || []).forEach((line) => box.appendChild(el("p", null, line)));
  return box;
}

function render() {
  if (!view) return;
  document.documentElement.lang = view.lang;
  document.body.dataset.version = view.version;  // the table's version on show (tests wait for it)
  document.title = view.title;
  $("title").textContent = view.title;
  $("name").textContent = view.name;
  const turn = $("turn");
  turn.textContent = view.turn;
  turn.className = "turn" + (view.yours ? " yours" : "") + (view.over ? " over" : "");
  const main = $("view");
  main.replaceChildren();
  // a section marked `top` (Parade's parade) is what the choices are made against: it comes first
  view.sections.filter((section) => section.top).forEach((section) => main.appendChild(drawSection(section)));
  for (const group of view.groups) {
    const box = el("section", "group");
    box.appendChild(el("h2", null, group.title));
    // a group of short choices all marked `chip` (a city to go to) wraps as a row of small buttons
    const list = el("div", group.choices.every((c) => c.chip) ? "choices chips" : "choices");
    for (const choice of group.choices) {
      const button = el("button", "choice" + (picked && picked.i === choice.i ? " picked" : ""));
      button.type = "button";
      button.dataset.choice = choice.i;
      const cards = choice.cards || (choice.card ? [choice.card] : []);
      if (cards.length) {
        const row = el("div", "cards");
        cards.forEach((card) => row.appendChild(drawCard(card)));
        button.appendChild(row);
      }
      button.appendChild(el("span", "text", choice.text));
      button.disabled = sent;
      button.addEventListener("click", () => choose(choice));
      list.appendChild(button);
    }
    box.appendChild(list);
    main.appendChild(box);
  }
  view.sections.filter((section) => !section.top).forEach((section) => main.appendChild(drawSection(section)));
  const bar = $("bar");
  bar.hidden = !picked;
  if (picked) {
    $("detail").textContent = picked.detail ? picked.text + " · " + picked.detail : picked.text;
    $("confirm").textContent = view.labels.confirm;
    $("cancel").textContent = view.labels.cancel;
    $("confirm").disabled = sent;
    if (picked.input) {
      field.maxLength = picked.input.max;
      field.placeholder = picked.input.hint || "";
    }
  }
  field.hidden = !(picked && picked.input);
  field.disabled = sent;
  document.body.classList.toggle("with-bar", !!picked);
}

function receive(event) {
  let message;
  try {
    message = JSON.parse(event.data);
  } catch (e) {
    return;
  }
  if (message.type === "view") {
    if (!view || message.version !== view.version) {
      picked = null;
      sent = false;
    }
    view = message;
    link(view.labels.connected, "ok");
    loadGame(view.game);
    render();
  } else if (message.type === "error") {
    sent = false;
    toast(message.message);
    render();
  }
}

// this page is done with its seat (opened on another device, or the game closed): it says so where
// the turn shows, and nothing on it can be tapped any more (its last view, a result, stays to read)
function end(text) {
  gone = true;
  picked = null;
  link(text, "bad");
  render();
  const turn = $("turn");
  turn.textContent = text;
  turn.className = "turn gone";
  document.querySelectorAll("button").forEach((button) => (button.disabled = true));
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(code));
  socket.onopen = () => {
    retry = 0;
    send({ type: "hello", lang: lang });
  };
  socket.onmessage = receive;
  socket.onclose = (event) => {
    sent = false;
    if (event.code === 4000) {
      end(view ? view.labels.gone : "这个座位已在另一台设备上打开 · Opened on another device");
      return;
    }
    if (event.code === 4001 || event.code === 1008) {
      end(lang === "zh" ? "这局游戏已关闭。新的一局请扫描大屏幕上的新二维码。"
        : "This game has closed. For a new one, scan the new code on the big screen.");
      return;
    }
    link(view ? view.labels.reconnecting : (lang === "zh" ? "正在重连…" : "Reconnecting…"), "bad");
    retry = Math.min(retry + 1, 5);
    setTimeout(connect, 600 * retry);
  };
}

$("confirm").addEventListener("click", confirm);
$("cancel").addEventListener("click", cancel);
document.addEventListener("visibilitychange", () => {
  // a phone woken from sleep reconnects at once rather than at the next retry
  if (!document.hidden && !gone && socket && socket.readyState === WebSocket.CLOSED) connect();
});
connect();
