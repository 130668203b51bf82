// The players' view, drawn from the pictures the GM's server sends. Everything shown is
// set as text (never as markup): a name like "<b>" shows as typed. The page sends
// nothing back; it only listens, and comes back by itself when the connection drops.
"use strict";
(() => {
  const params = new URLSearchParams(window.location.search);
  const key = params.get("key");
  const size = Number.parseInt(params.get("fontsize") || "", 10);
  if (Number.isFinite(size)) {  // ?fontsize=24 for a screen across the room
    document.documentElement.style.fontSize = Math.min(64, Math.max(10, size)) + "px";
  }
  const $ = (selector) => document.querySelector(selector);
  const MARKS = { now: "▶", next: "▷" };
  const timer = { elapsed: null, at: 0, amber: null, red: null };
  let opened = false;
  let failures = 0;

  function element(tag, text, className) {
    const made = document.createElement(tag);
    if (text !== undefined && text !== null) made.textContent = String(text);
    if (className) made.className = className;
    return made;
  }

  function clock(seconds) {
    const whole = Math.max(0, Math.floor(seconds));
    const minutes = Math.floor(whole / 60);
    const secs = String(whole % 60).padStart(2, "0");
    if (minutes >= 60) {
      return `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}:${secs}`;
    }
    return `${minutes}:${secs}`;
  }

  function say(text, trouble) {
    const status = $("#status");
    status.textContent = text;
    status.classList.toggle("trouble", Boolean(trouble));
  }

  function notice(title, text) {
    $("#notice").hidden = !title;
    $("#notice h1").textContent = title || "";
    $("#notice p").textContent = text || "";
  }

  function notes(row) {
    const cell = element("td");
    const parts = [...row.states.map((s) => ["state", s]),
                   ...row.conditions.map((c) => ["condition", c])];
    parts.forEach(([kind, text], index) => {
      if (index) cell.append(", ");
      cell.append(element("span", text, kind));
    });
    return cell;
  }

  function tableRow(row) {
    const line = element("tr");
    if (row.mark === "now") line.classList.add("now");
    else if (row.acted) line.classList.add("acted");
    line.append(element("td", MARKS[row.mark] || "", "mark"),
                element("td", row.nish === null ? "" : row.nish, "nish"),
                element("td", row.name, row.pc ? "name pc" : "name"));
    const word = /^[a-z ]+$/.test(row.health) ? row.health.replace(/ /g, "-") : "";
    line.append(element("td", row.health, word), notes(row));
    return line;
  }

  function draw(picture) {
    if (!picture) {
      $("#empty").textContent = "Reading the campaign…";
      return;
    }
    $("#round").textContent = picture.fighting && picture.round ? picture.round : "-";
    const labels = picture.labels || {order: "Nish", round: "Round", turn: "Turn"};
    $("#round-box .label").textContent = labels.round.toUpperCase();
    $("#timer .label").textContent = labels.turn.toUpperCase();
    $("#order th.nish").textContent = labels.order;
    $("#campaign").textContent = picture.campaign;
    $("#session").textContent = picture.session ? `session ${picture.session}` : "no session yet";
    $("#in-effect").textContent = picture.in_effect.join(" · ");
    $("#read-aloud").textContent = picture.read_aloud || "";
    $("#read-aloud").hidden = !picture.read_aloud;
    const empty = !picture.fighting ? "No fight right now."
      : picture.rows.length + picture.unplaced.length === 0 ? "No one in the fight yet." : "";
    $("#empty").textContent = empty;
    $("#empty").hidden = !empty;
    const body = $("#order tbody");
    body.replaceChildren(...picture.rows.map(tableRow));
    $("#order").hidden = picture.rows.length === 0;
    $("#unplaced ul").replaceChildren(...picture.unplaced.map((row) => element("li", row.name)));
    $("#unplaced").hidden = picture.unplaced.length === 0;
    $("#hazards ul").replaceChildren(
      ...picture.hazards.map((h) => element("li", `${h.victim}: ${h.line}`)));
    $("#hazards").hidden = picture.hazards.length === 0;
    const legend = picture.legend || [];  // what a PC's health in numbers means
    $("#legend ul").replaceChildren(...legend.map((line) => element("li", line)));
    $("#legend").hidden = legend.length === 0;
  }

  function tick() {
    const box = $("#timer");
    if (timer.elapsed === null) {
      box.hidden = true;
      return;
    }
    const seconds = timer.elapsed + (performance.now() - timer.at) / 1000;
    box.hidden = false;
    $("#clock").textContent = clock(seconds);
    box.classList.toggle("red", timer.red !== null && seconds >= timer.red);
    box.classList.toggle("amber", timer.amber !== null && seconds >= timer.amber
                                  && !(seconds >= timer.red));
  }

  function receive(event) {
    let message;
    try {
      message = JSON.parse(event.data);
    } catch (error) {
      return;
    }
    if (message.type === "full") {
      notice("The table is full",
             `${message.max} screens are watching already. This page tries again by itself.`);
      return;
    }
    if (message.type !== "picture") return;
    notice(null);
    draw(message.picture);
    timer.elapsed = typeof message.elapsed === "number" ? message.elapsed : null;
    timer.at = performance.now();
    timer.amber = typeof message.amber_at === "number" ? message.amber_at : null;
    timer.red = typeof message.red_at === "number" ? message.red_at : null;
    tick();
    if (message.trouble) say(message.trouble, true);
    else say("following the GM's console");
  }

  function connect() {
    const scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    const address = `${scheme}${window.location.host}/ws` +
      (key ? `?key=${encodeURIComponent(key)}` : "");
    const socket = new WebSocket(address);
    let open = false;
    socket.addEventListener("open", () => { open = true; opened = true; failures = 0; });
    socket.addEventListener("message", receive);
    socket.addEventListener("close", (event) => {
      timer.elapsed = null;
      tick();
      if (event.code === 4001) {
        setTimeout(connect, 10000);
        return;
      }
      failures = open ? 0 : failures + 1;
      if (failures >= 3) {
        say(opened ? "cannot reach the GM's server: trying again"
                   : "cannot reach the GM's server (if it was restarted, its link changed: "
                     + "scan its code again)", true);
      } else {
        say("connection lost: trying again", true);
      }
      setTimeout(connect, Math.min(10000, 1000 * 2 ** Math.min(failures, 4)));
    });
  }

  setInterval(tick, 250);
  connect();
})();
