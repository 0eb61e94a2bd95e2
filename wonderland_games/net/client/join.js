// The join page: a typed seat code becomes the seat's address (/j/CODE).
document.getElementById("join").addEventListener("submit", (event) => {
  event.preventDefault();
  const code = document.getElementById("code").value.replace(/[\s-]/g, "").toUpperCase();
  if (code) location.href = "/j/" + encodeURIComponent(code);
});
