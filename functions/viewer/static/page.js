// La page imprimée : PDF.js dessine la page du PDF déposé, sa couche de
// texte (sélectionnable), puis, sur un canevas au-dessus, les rectangles
// que le serveur a calculés avec la couche texte vérifiée (data-rectangles,
// en points de l'espace utilisateur PDF). Le navigateur ne cherche rien :
// il marque ce que la vérification a accepté. Sans JavaScript, la page
// reste lisible par son texte, affiché plus bas.
import { getDocument, GlobalWorkerOptions, TextLayer } from "./pdfjs/pdf.min.mjs";

const figure = document.getElementById("page-imprimee");
if (figure) {
  render(figure).catch((err) => {
    figure.dataset.etat = "erreur";
    const status = document.getElementById("page-imprimee-etat");
    if (status) {
      status.textContent = "La page imprimée n'a pas pu être affichée (" + err.message + ") : le texte de la page reste ci-dessous.";
    }
  });
}

async function render(figure) {
  GlobalWorkerOptions.workerSrc = figure.dataset.worker;
  // Sans WebAssembly ni polices standard téléchargées : la CSP n'autorise
  // que les scripts du visualiseur, et les rapports incorporent leurs polices.
  const pdf = await getDocument({ url: figure.dataset.pdf, useWasm: false, enableXfa: false }).promise;
  const page = await pdf.getPage(Number(figure.dataset.page));
  const frame = figure.closest(".page-fixe") || document.getElementById("contenu");
  const available = Math.min(frame.clientWidth - 16, 1100);
  const scale = Math.min(1.6, available / page.getViewport({ scale: 1 }).width);
  const viewport = page.getViewport({ scale });
  figure.style.setProperty("--scale-factor", String(scale));

  const ratio = window.devicePixelRatio || 1;
  const canvas = layer(figure, "canvas", "page", viewport, ratio);
  await page.render({ canvas, viewport, transform: ratio === 1 ? null : [ratio, 0, 0, ratio, 0, 0] }).promise;

  const text = document.createElement("div");
  text.className = "textLayer";
  figure.append(text);
  await new TextLayer({ textContentSource: page.streamTextContent(), container: text, viewport }).render();

  const marks = layer(figure, "canvas", "marques", viewport, ratio);
  figure.closest("section").hidden = false;
  const redraw = (rects) => {
    const drawn = mark(marks, rects, viewport, ratio);
    marks.dataset.dessins = JSON.stringify(drawn);
    return drawn;
  };
  inPlace(figure, frame, redraw);
  showMark(frame, figure, redraw(JSON.parse(figure.dataset.rectangles || "[]")));
  figure.dataset.etat = "rendue";
}

// showMark brings the first mark into view.
function showMark(frame, figure, drawn) {
  if (drawn.length > 0) {
    // The page sits in its own scrolling frame beside the figures when
    // the screen is wide enough; otherwise the window scrolls.
    const scroller = frame.scrollHeight > frame.clientHeight ? frame : null;
    const top = figure.getBoundingClientRect().top + drawn[0][1] - 80;
    if (scroller) {
      scroller.scrollTop += top - scroller.getBoundingClientRect().top;
    } else {
      window.scrollTo({ top: top + window.scrollY });
    }
  }
}

// layer adds a canvas of the viewport's size, sharp on this screen.
function layer(figure, tag, className, viewport, ratio) {
  const el = document.createElement(tag);
  el.className = className;
  el.width = Math.floor(viewport.width * ratio);
  el.height = Math.floor(viewport.height * ratio);
  el.style.width = Math.floor(viewport.width) + "px";
  el.style.height = Math.floor(viewport.height) + "px";
  figure.append(el);
  return el;
}

// inPlace marks a figure of this same page, clicked beside it, without
// drawing the page again: the viewer's page for that figure is fetched,
// its rectangles drawn on the page shown, and the figures' side replaced
// by its own. Anything else, or a failure, follows the link.
function inPlace(figure, frame, redraw) {
  document.addEventListener("click", async (event) => {
    const link = event.target.closest(".a-cote a.reperable");
    if (!link || event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    const url = new URL(link.href);
    if (url.pathname !== window.location.pathname) {
      return;
    }
    event.preventDefault();
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) {
        throw new Error(String(response.status));
      }
      const next = new DOMParser().parseFromString(await response.text(), "text/html");
      const printed = next.getElementById("page-imprimee");
      const side = next.querySelector(".a-cote");
      if (!printed || !side) {
        throw new Error("page inattendue");
      }
      document.querySelector(".a-cote").replaceWith(document.adoptNode(side));
      const back = next.getElementById("retour");
      if (back) {
        document.getElementById("retour").href = back.getAttribute("href");
      }
      figure.dataset.rectangles = printed.dataset.rectangles;
      window.history.pushState(null, "", url);
      showMark(frame, figure, redraw(JSON.parse(printed.dataset.rectangles || "[]")));
    } catch {
      window.location.href = link.href;
    }
  });
  window.addEventListener("popstate", () => window.location.reload());
}

// mark fills each rectangle, given in PDF user space, where PDF.js puts
// it on the page (crop box, rotation and scale included), and returns the
// rectangles drawn, in CSS pixels: [x, y, width, height].
function mark(canvas, rects, viewport, ratio) {
  const ctx = canvas.getContext("2d");
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.scale(ratio, ratio);
  ctx.fillStyle = "rgba(255, 204, 0, 0.4)";
  ctx.strokeStyle = "rgb(122, 92, 0)"; // 3:1 at least against the page
  ctx.lineWidth = 1.5;
  const drawn = [];
  for (const r of rects) {
    const [x0, y0] = viewport.convertToViewportPoint(r[0], r[1]);
    const [x1, y1] = viewport.convertToViewportPoint(r[2], r[3]);
    const x = Math.min(x0, x1) - 1, y = Math.min(y0, y1) - 1;
    const w = Math.abs(x1 - x0) + 2, h = Math.abs(y1 - y0) + 2;
    ctx.fillRect(x, y, w, h);
    ctx.strokeRect(x, y, w, h);
    drawn.push([x, y, w, h]);
  }
  return drawn;
}
