// The sandbox page, part 1: building the DOM for messages, embeds, pictures and components.
// The server sends ready, escaped HTML for message text; everything else is placed with
// textContent. app.js (loaded after this file) holds the state, the API and the wiring.
"use strict";

const $ = (id) => document.getElementById(id);

function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") node.className = value;
    else if (key === "text") node.textContent = value;
    else if (key === "html") node.innerHTML = value;
    else if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else if (key === "style") node.style.cssText = value;
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

function avatar(user, size = "") {
  return el("div", { class: `avatar ${size}`, style: `background:${user.colour}`, text: user.initials });
}

// --- messages --------------------------------------------------------------------------------

function nearEnd() {
  const box = $("messages");
  return box.scrollHeight - box.scrollTop - box.clientHeight < 120;
}

function scrollToEnd(force = false) {
  const box = $("messages");
  if (force || state.stuck) {
    box.scrollTop = box.scrollHeight;
    state.stuck = true;
  }
}

function upsertMessage(message, live = true) {
  if (state.dismissed.has(message.id)) return;
  const stick = state.stuck;
  const old = state.elements.get(message.id);
  state.views.set(message.id, message);
  const previous = old ? previousView(old) : lastView();
  const node = renderMessage(message, previous);
  if (old) old.replaceWith(node);
  else $("messages").append(node);
  state.elements.set(message.id, node);
  if (stick || (live && !old && message.for === state.me)) scrollToEnd(true);
}

function previousView(node) {
  const before = node.previousElementSibling;
  return before && before.dataset.id ? state.views.get(before.dataset.id) : null;
}

function lastView() {
  const last = $("messages").lastElementChild;
  return last && last.dataset.id ? state.views.get(last.dataset.id) : null;
}

function removeMessage(id) {
  const node = state.elements.get(id);
  if (node) node.remove();
  state.elements.delete(id);
  state.views.delete(id);
}

function compactAfter(previous, message) {
  if (!previous || message.used || previous.author.id !== message.author.id) return false;
  if (message.ephemeral || previous.ephemeral) return false;
  const gap = new Date(message.timestamp) - new Date(previous.timestamp);
  return gap < 5 * 60 * 1000;
}

function when(iso) {
  const date = new Date(iso);
  const time = date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
  const today = new Date().toDateString() === date.toDateString();
  return today ? `Today at ${time}` : `${date.toLocaleDateString()} ${time}`;
}

function renderMessage(message, previous) {
  const compact = compactAfter(previous, message);
  const classes = ["message"];
  if (compact) classes.push("compact");
  if (message.ephemeral) classes.push("ephemeral");
  const body = el("div", { class: "message-body" });
  if (!compact) {
    body.append(el("div", { class: "message-head" },
      el("span", { class: "author", text: message.author.name }),
      message.author.bot ? el("span", { class: "badge", text: "APP" }) : null,
      el("time", { datetime: message.timestamp, text: when(message.timestamp) })));
  }
  if (message.loading) {
    body.append(el("div", { class: "content thinking" },
      `${message.author.name} is thinking`, el("span", { class: "dots" })));
  } else if (message.html) {
    body.append(el("div", { class: "content", html: message.html }));
  }
  for (const embed of message.embeds) body.append(renderEmbed(embed));
  for (const file of message.attachments) body.append(renderAttachment(file));
  if (message.components.length) {
    body.append(el("div", { class: "components" }, message.components.map((c) => renderComponent(c, message))));
  }
  if (message.ephemeral) {
    body.append(el("div", { class: "ephemeral-note" },
      el("span", { class: "eye", text: "👁" }), " Only you can see this · ",
      el("button", { type: "button", class: "dismiss", text: "Dismiss message",
        onclick: () => { state.dismissed.add(message.id); removeMessage(message.id); } })));
  }
  body.append(el("div", { class: "interaction-error" }));
  const node = el("article", { class: classes.join(" "), dataset: { id: message.id, author: message.author.id } });
  if (message.used) {
    node.append(el("div", { class: "used" },
      el("span", { class: "used-line" }),
      el("span", { class: "mention", text: `@${message.used.user}` }),
      " used ", el("span", { class: "command-name", text: `/${message.used.command}` })));
  }
  const row = el("div", { class: "message-row" });
  row.append(compact
    ? el("time", { class: "gutter-time", datetime: message.timestamp, text: new Date(message.timestamp).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" }) })
    : avatar(message.author));
  row.append(body);
  node.append(row);
  for (const mention of node.querySelectorAll(".mention[data-user]")) {
    if (mention.dataset.user === state.me) {
      mention.classList.add("me");
      node.classList.add("mentions-me");
    }
  }
  return node;
}

function renderEmbed(embed) {
  const box = el("div", { class: "embed", style: embed.colour ? `border-left-color:${embed.colour}` : null });
  if (embed.author) box.append(el("div", { class: "embed-author", html: embed.author }));
  if (embed.title) box.append(el("div", { class: "embed-title", html: embed.title }));
  if (embed.description) box.append(el("div", { class: "embed-description", html: embed.description }));
  if (embed.fields.length) {
    box.append(el("div", { class: "embed-fields" }, embed.fields.map((field) =>
      el("div", { class: field.inline ? "embed-field inline" : "embed-field" },
        el("div", { class: "embed-field-name", html: field.name }),
        el("div", { class: "embed-field-value", html: field.value })))));
  }
  if (embed.thumbnail) box.append(image(embed.thumbnail, "embed-thumbnail"));
  if (embed.image) box.append(image(embed.image, "embed-image"));
  for (const key of ["image_elsewhere", "thumbnail_elsewhere"]) {
    if (embed[key]) box.append(el("div", { class: "muted small", text: `(picture not loaded: ${embed[key]})` }));
  }
  if (embed.footer) box.append(el("div", { class: "embed-footer", html: embed.footer }));
  return box;
}

function image(file, cls) {
  // the description is the picture's alt text: read by screen readers, shown on hover
  const img = el("img", { class: cls, src: file.url, alt: file.description || file.filename || "picture",
    title: file.description || null, width: file.width, height: file.height, loading: "lazy" });
  img.addEventListener("load", () => scrollToEnd());
  return img;
}

function renderAttachment(file) {
  // a picture opens whole in a new tab; any other file downloads under its own name
  if (file.image) {
    return el("a", { class: "attachment-link", href: file.url, target: "_blank", rel: "noopener",
      title: `Open ${file.filename}` }, image(file, "attachment-image"));
  }
  return el("div", { class: "attachment-file" },
    el("span", { class: "file-icon", text: "📄" }),
    el("a", { class: "attachment-name", href: file.url, download: file.filename,
      text: file.filename }),
    el("span", { class: "muted small", text: `${Math.ceil(file.size / 1024)} KB` }));
}

// relative timestamps (<t:...:R>) kept current, with the thresholds Discord's client uses
function relativeTime(seconds) {
  const delta = seconds - Date.now() / 1000;
  const gap = Math.abs(delta);
  const minutes = gap / 60, hours = gap / 3600, days = gap / 86400;
  let amount;
  if (gap < 45) amount = "a few seconds";
  else if (gap < 90) amount = "a minute";
  else if (minutes < 45) amount = `${Math.round(minutes)} minutes`;
  else if (minutes < 90) amount = "an hour";
  else if (hours < 22) amount = `${Math.round(hours)} hours`;
  else if (hours < 36) amount = "a day";
  else if (days < 26) amount = `${Math.round(days)} days`;
  else if (days < 45) amount = "a month";
  else if (days < 320) amount = `${Math.round(days / 30.4)} months`;
  else if (days < 548) amount = "a year";
  else amount = `${Math.round(days / 365)} years`;
  return delta > 0 ? `in ${amount}` : `${amount} ago`;
}

function refreshRelativeTimes() {
  for (const span of document.querySelectorAll('.timestamp[data-style="R"]')) {
    span.textContent = relativeTime(Number(span.dataset.ts));
  }
}
setInterval(refreshRelativeTimes, 15000);

function renderComponent(component, message) {
  switch (component.kind) {
    case "row":
      return el("div", { class: "component-row" }, component.children.map((c) => renderComponent(c, message)));
    case "button":
      return renderButton(component, message);
    case "select":
      return renderSelect(component, message);
    case "text":
      return el("div", { class: "content", html: component.html });
    case "separator":
      return el("hr", { class: "separator" });
    case "section":
      return el("div", { class: "section" },
        el("div", {}, component.children.map((c) => renderComponent(c, message))),
        component.accessory ? renderComponent(component.accessory, message) : null);
    case "container":
      return el("div", { class: "container", style: component.colour ? `border-left-color:${component.colour}` : null },
        component.children.map((c) => renderComponent(c, message)));
    default:
      return el("div", { class: "muted small", text: `(component type ${component.type} is not shown here)` });
  }
}

function renderButton(button, message) {
  const content = [button.emoji ? el("span", { class: "emoji", text: button.emoji }) : null,
    button.label ? el("span", { text: button.label }) : null];
  if (button.style === "link") {
    return el("span", { class: "btn link", title: `Opens ${button.url} (not followed in the sandbox)` },
      content, el("span", { class: "link-mark", text: " ↗" }));
  }
  return el("button", {
    type: "button",
    class: `btn ${button.style}`,
    disabled: button.disabled,
    dataset: { customId: button.custom_id, message: message.id, label: button.label },
    onclick: (event) => press(event.currentTarget, message, button.custom_id),
  }, content);
}

function renderSelect(select, message) {
  const box = el("div", { class: "select", dataset: { customId: select.custom_id, message: message.id } });
  const chosen = new Set(select.options.filter((o) => o.default).map((o) => o.value));
  const toggle = el("button", {
    type: "button", class: "select-toggle", disabled: select.disabled,
    onclick: () => {
      const open = !menu.hidden;
      closeMenus();
      menu.hidden = open;
      if (!open) placeMenu(toggle, menu);
    },
  }, el("span", { class: "select-placeholder", text: select.placeholder }), el("span", { class: "chevron", text: "⌄" }));
  const menu = el("ul", { class: "select-menu", role: "listbox", hidden: true });
  for (const option of select.options) {
    const item = el("li", {
      class: "select-option", role: "option", dataset: { value: option.value, label: option.label },
      onclick: async () => {
        if (select.max <= 1) {
          menu.hidden = true;
          await choose(box, message, select.custom_id, [option.value]);
        } else {
          if (chosen.has(option.value)) chosen.delete(option.value);
          else if (chosen.size < select.max) chosen.add(option.value);
          item.classList.toggle("chosen", chosen.has(option.value));
        }
      },
    },
    option.emoji ? el("span", { class: "emoji", text: option.emoji }) : null,
    el("div", {}, el("div", { class: "option-label", text: option.label }),
      option.description ? el("div", { class: "option-description", text: option.description }) : null));
    if (chosen.has(option.value)) item.classList.add("chosen");
    menu.append(item);
  }
  if (select.max > 1) {
    menu.append(el("li", { class: "select-apply" }, el("button", {
      type: "button", class: "btn primary", text: "Choose",
      onclick: async () => {
        if (chosen.size < select.min) return;
        menu.hidden = true;
        await choose(box, message, select.custom_id, [...chosen]);
      },
    })));
  }
  box.append(toggle, menu);
  return box;
}

function placeMenu(toggle, menu) {
  // Open downwards when the options fit below the menu's button in the message list, else
  // upwards when there is more room above (as near the message box); never past either edge.
  menu.classList.remove("up");
  menu.style.maxHeight = "";
  const area = $("messages").getBoundingClientRect();
  const box = toggle.getBoundingClientRect();
  const below = Math.min(area.bottom, window.innerHeight) - box.bottom - 8;
  const above = box.top - Math.max(area.top, 0) - 8;
  const wanted = Math.min(menu.scrollHeight, 320);
  const up = below < wanted && above > below;
  menu.classList.toggle("up", up);
  menu.style.maxHeight = `${Math.max(Math.min(320, up ? above : below), 80)}px`;
  if (!up && below < 80) menu.scrollIntoView({ block: "nearest" });
}

function closeMenus() {
  for (const menu of document.querySelectorAll(".select-menu")) menu.hidden = true;
}
