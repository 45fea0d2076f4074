// The sandbox page, part 2: a Discord-like channel view over the emulator's JSON API and
// WebSocket: state, channels, people, interactions and the command box. Plain DOM code, no
// build step; messages.js (loaded first) builds the messages.
"use strict";

const state = {
  server: null,
  bot: null,
  channels: new Map(),
  users: new Map(),
  me: null,
  current: null,
  elements: new Map(), // message id -> element, for the channel on screen
  views: new Map(), // message id -> view, for the channel on screen
  dismissed: new Set(),
  unread: new Set(),
  socket: null,
  suggest: { text: null, result: null, pending: null, active: 0, navigated: false },
  modal: null,
  stuck: true, // the view follows new messages while it is scrolled to the end
};

async function api(path, body) {
  const options = body === undefined
    ? { method: "GET" }
    : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  let data = null;
  try {
    data = await response.json();
  } catch (err) {
    data = null;
  }
  if (!response.ok) {
    throw new Error((data && data.error) || `${response.status} ${response.statusText}`);
  }
  return data;
}

// --- start-up --------------------------------------------------------------------------------

async function boot() {
  const data = await api("/api/state");
  state.server = data.server;
  state.bot = data.bot;
  $("server-name").textContent = data.server.name;
  $("server-icon").textContent = data.server.name.slice(0, 1).toUpperCase();
  $("server-icon").title = data.server.name;
  for (const channel of data.channels) state.channels.set(channel.id, channel);
  for (const user of data.users) state.users.set(user.id, user);
  const saved = JSON.parse(sessionStorage.getItem("sandbox") || "{}");
  const players = [...state.users.values()].filter((u) => !u.bot);
  state.me = state.users.has(saved.me) ? saved.me : players.length ? players[0].id : null;
  const textChannels = [...state.channels.values()].filter((c) => c.type !== 1);
  state.current = state.channels.has(saved.channel)
    ? saved.channel
    : textChannels.length ? textChannels[0].id : null;
  for (const text of data.violations) notice(text);
  fillLocales(data.locales);
  wire();
  renderChannels();
  renderMembers();
  renderMe();
  connect();
  await openChannel(state.current);
  document.body.dataset.ready = "true";
}

function remember() {
  sessionStorage.setItem("sandbox", JSON.stringify({ me: state.me, channel: state.current }));
}

function wire() {
  $("add-channel").addEventListener("click", () => {
    const form = $("new-channel");
    form.hidden = !form.hidden;
    if (!form.hidden) $("new-channel-name").focus();
  });
  $("new-channel").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("new-channel-name");
    try {
      // "@bob @carol": a group DM of you and them (the bot is not in it; you installed the app)
      const people = input.value.trim().startsWith("@")
        ? input.value.split(/[\s,]+/).filter(Boolean)
        : null;
      const channel = people
        ? await api("/api/group-dms", { owner: state.me, people })
        : await api("/api/channels", { name: input.value });
      state.channels.set(channel.id, channel);
      input.value = "";
      $("new-channel").hidden = true;
      renderChannels();
      await openChannel(channel.id);
    } catch (err) {
      notice(err.message, "info");
    }
  });
  $("me-locale").addEventListener("change", async (event) => {
    try {
      const user = await api("/api/users/locale", { user: state.me, locale: event.target.value });
      state.users.set(user.id, user);
    } catch (err) {
      notice(err.message, "info");
    }
    renderMe();
  });
  $("server-locale").addEventListener("change", async (event) => {
    try {
      state.server = await api("/api/server/locale", { locale: event.target.value });
    } catch (err) {
      notice(err.message, "info");
    }
    $("server-locale").value = state.server.locale;
  });
  $("new-user").addEventListener("submit", async (event) => {
    event.preventDefault();
    const input = $("new-user-name");
    $("user-error").textContent = "";
    try {
      const user = await api("/api/users", { name: input.value });
      state.users.set(user.id, user);
      input.value = "";
      renderMembers();
    } catch (err) {
      $("user-error").textContent = err.message;
    }
  });
  const command = $("command");
  command.addEventListener("input", () => scheduleSuggest());
  command.addEventListener("keydown", onCommandKey);
  command.addEventListener("blur", () => setTimeout(() => hidePicker(), 150));
  command.addEventListener("focus", () => scheduleSuggest());
  $("command-form").addEventListener("submit", (event) => event.preventDefault());
  $("modal-form").addEventListener("submit", submitModal);
  $("messages").addEventListener("scroll", () => { state.stuck = nearEnd(); });
  $("modal-cancel").addEventListener("click", () => $("modal").close());
  $("channels-toggle").addEventListener("click", () => toggleDrawer("channels"));
  $("members-toggle").addEventListener("click", () => toggleDrawer("members"));
  $("scrim").addEventListener("click", () => closeDrawers());
  document.addEventListener("keydown", (event) => {
    if (event.key === "Escape") { closeDrawers(); closeMenus(); }
  });
  document.addEventListener("click", (event) => {
    const link = event.target.closest(".channel-link");
    if (link && state.channels.has(link.dataset.channel)) openChannel(link.dataset.channel);
    if (!event.target.closest(".select")) closeMenus();
  });
}

// --- live updates ----------------------------------------------------------------------------

function connect() {
  const socket = new WebSocket(`ws://${location.host}/ws?user=${state.me || ""}`);
  state.socket = socket;
  socket.addEventListener("open", () => {
    $("connection").textContent = "";
    if (state.reconnecting) {
      state.reconnecting = false;
      refresh();
    }
  });
  socket.addEventListener("message", (event) => onEvent(JSON.parse(event.data)));
  socket.addEventListener("close", () => {
    $("connection").textContent = "reconnecting…";
    state.reconnecting = true;
    setTimeout(connect, 1000);
  });
}

async function refresh() {
  // After a lost connection: a restarted sandbox keeps its world, so catch up on channels,
  // people and messages; a different world (another server) starts the page afresh.
  try {
    const data = await api("/api/state");
    if (data.server.id !== state.server.id) {
      sessionStorage.removeItem("sandbox");
      location.reload();
      return;
    }
    for (const channel of data.channels) state.channels.set(channel.id, channel);
    for (const user of data.users) state.users.set(user.id, user);
    renderChannels();
    renderMembers();
    await openChannel(state.current);
  } catch (err) {
    notice(`The sandbox is not answering: ${err.message}`, "info");
  }
}

function onEvent(event) {
  if (state.loading && (event.type === "message" || event.type === "delete")) {
    state.queue.push(event);
    return;
  }
  if (event.type === "message") {
    const message = event.message;
    if (message.for && message.for !== state.me) return;
    if (message.channel === state.current) upsertMessage(message);
    else if (!state.views.has(message.id)) markUnread(message.channel);
  } else if (event.type === "delete") {
    if (event.channel === state.current) removeMessage(event.id);
  } else if (event.type === "channel") {
    state.channels.set(event.channel.id, event.channel);
    renderChannels();
  } else if (event.type === "user") {
    state.users.set(event.user.id, event.user);
    renderMembers();
    if (event.user.id === state.me) renderMe();
  } else if (event.type === "server") {
    state.server = event.server;
    $("server-locale").value = state.server.locale;
  } else if (event.type === "violation") {
    notice(event.text);
  }
}

// The languages a player's Discord (their interactions' locale) and the server can be set to.
function fillLocales(locales) {
  for (const id of ["me-locale", "server-locale"]) {
    const select = $(id);
    select.replaceChildren(...locales.map((loc) => new Option(loc.name, loc.value)));
  }
  $("server-locale").value = state.server.locale;
}

function markUnread(channelId) {
  if (!state.channels.has(channelId)) return;
  state.unread.add(channelId);
  renderChannels();
}

function notice(text, kind = "violation") {
  const box = $("notices");
  const prefix = kind === "violation" ? "Discord would refuse what the bot just did: " : "";
  const item = el("div", { class: `notice ${kind}` },
    el("span", { text: prefix + text }),
    el("button", { class: "notice-close", type: "button", "aria-label": "Dismiss", text: "×",
      onclick: () => item.remove() }));
  box.append(item);
  while (box.children.length > 4) box.firstChild.remove();
}

// --- channels and people ---------------------------------------------------------------------

function renderChannels() {
  const list = $("channels");
  const dms = $("dms");
  list.replaceChildren();
  dms.replaceChildren();
  const all = [...state.channels.values()];
  const top = all.filter((c) => c.type !== 1 && c.type !== 3 && !c.thread);
  for (const channel of top) {
    list.append(channelItem(channel, "#"));
    for (const thread of all.filter((c) => c.thread && c.parent === channel.id)) {
      list.append(channelItem(thread, "↳", "thread"));
    }
  }
  const mine = all.filter((c) => isMine(c, state.me) && (c.type === 1 || c.type === 3));
  for (const dm of mine) dms.append(channelItem(dm, dm.type === 3 ? "👥" : "@"));
  $("dm-title").hidden = mine.length === 0;
}

// a DM is its player's, a group DM its members'; every other channel is everyone's
function isMine(channel, userId) {
  if (channel.type === 1) return channel.recipient === userId;
  if (channel.type === 3) return channel.members.includes(userId);
  return true;
}

function channelItem(channel, sigil, extra = "") {
  const classes = ["channel", extra];
  if (channel.id === state.current) classes.push("active");
  if (state.unread.has(channel.id)) classes.push("unread");
  return el("li", {
    class: classes.join(" "),
    dataset: { channel: channel.id, name: channel.name },
    title: channel.topic || channel.name,
    onclick: () => openChannel(channel.id),
  }, el("span", { class: "sigil", text: sigil }), el("span", { class: "name", text: channel.name }));
}

function renderMembers() {
  const list = $("member-list");
  list.replaceChildren();
  const users = [...state.users.values()].sort((a, b) => Number(a.bot) - Number(b.bot));
  for (const user of users) {
    const classes = ["member"];
    if (user.id === state.me) classes.push("active");
    if (user.bot) classes.push("bot");
    list.append(el("li", {
      class: classes.join(" "),
      dataset: { user: user.id, name: user.username },
      title: user.bot ? "The bot" : `Act as ${user.name}`,
      onclick: user.bot ? null : () => actAs(user.id),
    }, avatar(user), el("span", { class: "name", text: user.name }),
    user.bot ? el("span", { class: "badge", text: "APP" }) : null,
    user.id === state.me ? el("span", { class: "you", text: "you" }) : null));
  }
}

function renderMe() {
  const me = state.users.get(state.me);
  if (!me) return;
  $("me-avatar").replaceWith(Object.assign(avatar(me), { id: "me-avatar" }));
  $("me-name").textContent = me.name;
  $("toggle-avatar").replaceWith(Object.assign(avatar(me), { id: "toggle-avatar" }));
  $("toggle-name").textContent = me.name;
  $("me-locale").value = me.locale;
  $("members-toggle").title = `Acting as ${me.name}: pick another player`;
}

// --- narrow windows: the channel and player lists slide over the chat ------------------------

function toggleDrawer(which) {
  const open = !$("app").classList.contains(`show-${which}`);
  closeDrawers();
  if (!open) return;
  $("app").classList.add(`show-${which}`);
  $(`${which}-toggle`).setAttribute("aria-expanded", "true");
  $(which === "channels" ? "sidebar" : "members").classList.add("drawer-open");
  $("scrim").hidden = false;
}

function closeDrawers() {
  for (const which of ["channels", "members"]) {
    $("app").classList.remove(`show-${which}`);
    $(`${which}-toggle`).setAttribute("aria-expanded", "false");
  }
  $("sidebar").classList.remove("drawer-open");
  $("members").classList.remove("drawer-open");
  $("scrim").hidden = true;
}

async function actAs(userId) {
  closeDrawers();
  if (userId === state.me) return;
  state.me = userId;
  remember();
  if (state.socket && state.socket.readyState === WebSocket.OPEN) {
    state.socket.send(JSON.stringify({ type: "as", user: userId }));
  }
  renderMembers();
  renderMe();
  renderChannels();
  const current = state.channels.get(state.current);
  if (current && !isMine(current, userId)) {
    const first = [...state.channels.values()].find((c) => c.type !== 1 && c.type !== 3);
    await openChannel(first ? first.id : null);
  } else {
    await openChannel(state.current);
  }
}

async function openChannel(channelId) {
  if (!channelId) return;
  closeDrawers();
  state.current = channelId;
  state.unread.delete(channelId);
  state.loading = true; // live events wait until the history is on screen
  state.queue = [];
  $("messages").dataset.view = "";
  remember();
  renderChannels();
  const channel = state.channels.get(channelId);
  $("channel-name").textContent = channel.name;
  document.title = `${channel.type === 1 ? "@" : "#"}${channel.name} · ${state.server.name} sandbox`;
  $("channel-topic").textContent = channel.topic || "";
  $("command").placeholder = channel.type === 1 || channel.type === 3
    ? `Message @${channel.name}, or type / for commands`
    : `Message #${channel.name}, or type / for commands`;
  const viewer = state.me;
  const messages = await api(`/api/messages?channel=${channelId}&user=${viewer || ""}`);
  if (state.current !== channelId || state.me !== viewer) return;
  state.elements.clear();
  state.views.clear();
  const box = $("messages");
  box.replaceChildren(welcome(channel));
  for (const message of messages) upsertMessage(message, false);
  state.loading = false;
  for (const event of state.queue.splice(0)) onEvent(event);
  scrollToEnd(true);
  box.dataset.view = `${channelId}:${state.me}`; // what is on screen: for people and for tests
}

function welcome(channel) {
  return el("div", { class: "welcome" },
    el("div", { class: "welcome-icon", text: channel.type === 1 ? "@" : "#" }),
    el("h1", { text: channel.type === 1 ? channel.name : `Welcome to #${channel.name}!` }),
    el("p", { class: "muted", text: "This is the start of the channel. Type / to see what the bot can do." }));
}

// --- interactions ----------------------------------------------------------------------------

function showFailure(messageId, text) {
  const node = state.elements.get(messageId);
  const slot = node && node.querySelector(".interaction-error");
  if (slot) {
    slot.textContent = text;
    setTimeout(() => { slot.textContent = ""; }, 6000);
  } else {
    notice(text, "info");
  }
}

async function interact(target, messageId, path, body) {
  target.classList.add("busy");
  target.setAttribute("aria-busy", "true");
  try {
    const result = await api(path, { user: state.me, message: messageId, ...body });
    if (result.modal) openModal(result.modal);
    if (result.failed) showFailure(messageId, result.failed);
  } catch (err) {
    showFailure(messageId, err.message);
  } finally {
    target.classList.remove("busy");
    target.removeAttribute("aria-busy");
  }
}

function press(button, message, customId) {
  return interact(button, message.id, "/api/click", { custom_id: customId });
}

function choose(box, message, customId, values) {
  return interact(box, message.id, "/api/select", { custom_id: customId, values });
}

function openModal(modal) {
  state.modal = modal;
  $("modal-title").textContent = modal.title;
  $("modal-error").textContent = "";
  const fields = $("modal-fields");
  fields.replaceChildren();
  modal.fields.forEach((field, i) => {
    const id = `modal-field-${i}`;
    const props = {
      id, name: field.custom_id, placeholder: field.placeholder, required: field.required,
      maxlength: field.max_length, minlength: field.min_length || null, dataset: { customId: field.custom_id },
    };
    const input = field.paragraph ? el("textarea", { ...props, rows: 4 }) : el("input", { ...props, type: "text", autocomplete: "off" });
    input.value = field.value;
    fields.append(el("label", { for: id, class: "modal-label" }, field.label, field.required ? el("span", { class: "required", text: " *" }) : null), input);
  });
  $("modal").showModal();
  const first = fields.querySelector("input, textarea");
  if (first) first.focus();
}

async function submitModal(event) {
  event.preventDefault();
  const modal = state.modal;
  if (!modal) return;
  const values = {};
  for (const input of $("modal-fields").querySelectorAll("input, textarea")) values[input.dataset.customId] = input.value;
  const submit = $("modal-submit");
  submit.disabled = true;
  submit.classList.add("busy");
  try {
    const result = await api("/api/modal", { user: state.me, interaction: modal.interaction, values });
    $("modal").close();
    state.modal = null;
    if (result.failed) notice(result.failed, "info");
  } catch (err) {
    $("modal-error").textContent = err.message;
  } finally {
    submit.disabled = false;
    submit.classList.remove("busy");
  }
}

// --- the command box -------------------------------------------------------------------------

let suggestTimer = null;

function scheduleSuggest() {
  clearTimeout(suggestTimer);
  $("composer-error").textContent = "";
  const text = $("command").value;
  if (!text.startsWith("/")) {
    hidePicker();
    state.suggest.text = text;
    state.suggest.result = null;
    return;
  }
  state.suggest.pending = new Promise((resolve) => {
    suggestTimer = setTimeout(async () => resolve(await fetchSuggestions(text)), 90);
  });
}

async function fetchSuggestions(text) {
  try {
    const result = await api("/api/suggest", { user: state.me, channel: state.current, text });
    if ($("command").value !== text) return null;
    state.suggest = { ...state.suggest, text, result, active: 0, navigated: false };
    renderPicker(result);
    return result;
  } catch (err) {
    $("composer-error").textContent = err.message;
    return null;
  }
}

function renderPicker(result) {
  const picker = $("picker");
  const list = $("suggestions");
  list.replaceChildren();
  $("picker-hint").textContent = result.hint || "";
  result.suggestions.forEach((s, i) => {
    list.append(el("li", {
      class: i === state.suggest.active ? `suggestion ${s.kind} active` : `suggestion ${s.kind}`,
      role: "option",
      dataset: { text: s.text },
      onmousedown: (event) => { event.preventDefault(); accept(i); },
    }, el("span", { class: "suggestion-label", text: s.label }),
    s.detail ? el("span", { class: "suggestion-detail", text: s.detail }) : null));
  });
  picker.hidden = !result.hint && result.suggestions.length === 0;
}

function hidePicker() {
  $("picker").hidden = true;
}

function accept(index) {
  const result = state.suggest.result;
  if (!result || !result.suggestions[index]) return;
  const input = $("command");
  input.value = result.suggestions[index].text;
  input.focus();
  input.setSelectionRange(input.value.length, input.value.length);
  scheduleSuggest();
}

function moveActive(step) {
  const result = state.suggest.result;
  if (!result || !result.suggestions.length) return;
  const count = result.suggestions.length;
  state.suggest.active = (state.suggest.active + step + count) % count;
  state.suggest.navigated = true;
  renderPicker(result);
  const active = $("suggestions").querySelector(".active");
  if (active) active.scrollIntoView({ block: "nearest" });
}

async function onCommandKey(event) {
  const pickerOpen = !$("picker").hidden;
  if (event.key === "ArrowDown" && pickerOpen) { event.preventDefault(); moveActive(1); return; }
  if (event.key === "ArrowUp" && pickerOpen) { event.preventDefault(); moveActive(-1); return; }
  if (event.key === "Escape") { hidePicker(); return; }
  if (event.key === "Tab" && pickerOpen) { event.preventDefault(); accept(state.suggest.active); return; }
  if (event.key !== "Enter") return;
  event.preventDefault();
  const text = $("command").value;
  if (text.startsWith("/")) {
    let result = state.suggest.text === text ? state.suggest.result : null;
    if (!result && state.suggest.pending) result = await state.suggest.pending;
    if (!result) result = await fetchSuggestions(text);
    if (result && result.suggestions.length && (state.suggest.navigated || result.enter === "accept")) {
      accept(state.suggest.active);
      return;
    }
  }
  await send(text);
}

async function send(text) {
  if (!text.trim()) return;
  const input = $("command");
  hidePicker();
  const command = text.startsWith("/");
  input.value = "";
  try {
    const result = await api(command ? "/api/command" : "/api/say",
      { user: state.me, channel: state.current, text });
    if (result.modal) openModal(result.modal);
    if (result.failed) notice(result.failed, "info");
  } catch (err) {
    if (!input.value) input.value = text;
    $("composer-error").textContent = err.message;
  }
}

boot().catch((err) => notice(`The sandbox page could not start: ${err.message}`, "info"));
