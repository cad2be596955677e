#!/bin/sh
# Add DynoView to this user's application menu and PATH (no root needed).
#   ./install.sh               from the unpacked folder: menu entry, icons, ~/.local/bin/dynoview
#   ./install.sh --uninstall   removes exactly what the last install added (its manifest lists it)
# The menu entry and the command run a small launcher that remembers this folder: if the folder
# is moved or deleted, the launcher says so and how to fix it instead of silently failing.
set -eu
HERE="$(cd "$(dirname "$0")" && pwd)"
ID=io.github.dynoview.DynoView
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
BIN="$HOME/.local/bin"
STATE="$DATA/DynoView/install"       # launcher, this script's copy and the manifest
MANIFEST="$STATE/manifest"           # "f PATH" for each file or link added, "d PATH" for each folder made

refresh_caches() {
  command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$DATA/applications" 2>/dev/null || true
  command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$DATA/icons/hicolor" 2>/dev/null || true
}

uninstall() {
  # Files first, then the folders the install made, deepest first, and only when empty: the
  # user's own files (DynoView's settings and action log live beside this state folder) stay.
  [ -f "$MANIFEST" ] || return 1
  grep '^f ' "$MANIFEST" | cut -c3- | while IFS= read -r path; do rm -f "$path"; done
  caches_made="$(grep '^c ' "$MANIFEST" | cut -c3-)" || true
  dirs="$(grep '^d ' "$MANIFEST" | cut -c3- | sort -r)" || true
  rm -f "$MANIFEST"
  refresh_caches
  # A cache file the install created goes with the last entry it indexed.
  printf '%s\n' "$caches_made" | while IFS= read -r cache; do
    [ -n "$cache" ] || continue
    folder="$(dirname "$cache")"
    others="$(find "$folder" -mindepth 1 -not -name "$(basename "$cache")" -not -type d 2>/dev/null | head -n 1)"
    [ -n "$others" ] || rm -f "$cache"
  done
  printf '%s\n' "$dirs" | while IFS= read -r dir; do
    [ -n "$dir" ] && rmdir "$dir" 2>/dev/null || true
  done
  return 0
}

if [ "${1:-}" = "--uninstall" ]; then
  if uninstall; then
    echo "DynoView removed from the application menu and from $BIN (the DynoView folder itself, your settings and action log were left in place)."
  else
    echo "Nothing to remove: no DynoView install was found ($MANIFEST is missing)."
  fi
  exit 0
fi
case "$HERE$DATA" in *"
"*) echo "install.sh: the folder path holds a line break; move the folder and run it again." >&2; exit 1 ;; esac
[ -x "$HERE/AppRun" ] || { echo "install.sh: run it from the unpacked DynoView folder (no AppRun next to it)." >&2; exit 1; }

# Replacing an earlier install (another version or folder): take away what it added first.
uninstall || true

made_dirs=""
make_dir() {  # mkdir -p, remembering each folder it creates
  [ -d "$1" ] && return 0
  make_dir "$(dirname "$1")"
  mkdir "$1"
  made_dirs="$made_dirs$1
"
}
files=""
add() {  # copy $1 to $2, remembering it
  make_dir "$(dirname "$2")"
  cp "$1" "$2"
  files="$files$2
"
}

make_dir "$STATE"
chmod 700 "$DATA/DynoView" 2>/dev/null || true  # DynoView's data folder is private
# The launcher. Paths go in single quotes (a quote in them written as '\''), so no character
# in a folder name can become code.
shell_quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }
cat > "$STATE/dynoview" <<EOF
#!/bin/sh
# Written by DynoView's install.sh: runs DynoView from the folder it was installed from.
APP=$(shell_quote "$HERE")
UNINSTALL=$(shell_quote "$STATE/install.sh")
if [ -x "\$APP/AppRun" ]; then exec "\$APP/AppRun" "\$@"; fi
msg="DynoView is no longer in \$APP (moved or deleted). Run ./install.sh in its new folder to update the menu entry and the dynoview command, or remove them with: \$UNINSTALL --uninstall"
echo "dynoview: \$msg" >&2
if [ ! -t 2 ]; then  # started from the menu: tell the user on screen
  notify-send -i dialog-error DynoView "\$msg" 2>/dev/null || zenity --error --text="\$msg" 2>/dev/null ||
    kdialog --error "\$msg" 2>/dev/null || xmessage "\$msg" 2>/dev/null || true
fi
exit 1
EOF
chmod 755 "$STATE/dynoview"
files="$files$STATE/dynoview
"
add "$HERE/install.sh" "$STATE/install.sh"  # so --uninstall works after the folder is deleted
chmod 755 "$STATE/install.sh"

# Icons, one file at a time so each is in the manifest.
for icon in "$HERE"/usr/share/icons/hicolor/*/apps/"$ID".*; do
  rel="${icon#"$HERE"/usr/share/icons/}"
  add "$icon" "$DATA/icons/$rel"
done
add "$HERE/usr/share/metainfo/$ID.metainfo.xml" "$DATA/metainfo/$ID.metainfo.xml"
# The menu entry runs the launcher. Desktop-entry quoting: " ` $ \ escaped inside "...", then
# every backslash doubled again for the value's own escapes (a \ in the path is \\\\), % as %%.
# GLib looks the first word up as a program before it undoes %%: a path with % starts via env.
exec_path="$(printf '%s' "$STATE/dynoview" | sed -e 's/\\/\\\\\\\\/g' -e 's/["`$]/\\\\&/g' -e 's/%/%%/g')"
case "$exec_path" in
  *%*) exec_line="env \"$exec_path\"" ;;
  *) exec_line="\"$exec_path\"" ;;
esac
make_dir "$DATA/applications"
while IFS= read -r line; do
  case "$line" in
    Exec=*) printf 'Exec=%s\n' "$exec_line" ;;
    TryExec=*) ;;  # the launcher always exists: the entry stays visible and explains a moved folder
    *) printf '%s\n' "$line" ;;
  esac
done < "$HERE/usr/share/applications/$ID.desktop" > "$DATA/applications/$ID.desktop"
files="$files$DATA/applications/$ID.desktop
"

# The command: ~/.local/bin/dynoview, unless something else (a pipx install) owns that name.
on_path=""
make_dir "$BIN"
if [ -e "$BIN/dynoview" ] || [ -L "$BIN/dynoview" ]; then
  echo "note: $BIN/dynoview already exists (a pipx install?) and was left alone; this install's command is $STATE/dynoview"
else
  ln -s "$STATE/dynoview" "$BIN/dynoview"
  files="$files$BIN/dynoview
"
  on_path=yes
fi

caches=""
for cache in "$DATA/applications/mimeinfo.cache" "$DATA/icons/hicolor/icon-theme.cache"; do
  [ -e "$cache" ] || caches="${caches}c $cache
"
done
refresh_caches

{
  printf '%s' "$files" | sed -e '/^$/d' -e 's/^/f /'
  printf '%s' "$made_dirs" | sed -e '/^$/d' -e 's/^/d /'
  printf '%s' "$caches"
} > "$MANIFEST"

echo "DynoView added to the application menu; it runs $HERE/AppRun."
if [ -n "$on_path" ]; then
  echo "The dynoview command is linked into $BIN ($BIN/dynoview)."
  case ":${PATH:-}:" in
    *":$BIN:"*) ;;
    *) echo "note: $BIN is not on your PATH yet: add  export PATH=\"\$HOME/.local/bin:\$PATH\"  to ~/.profile, then log in again." ;;
  esac
fi
echo "If you move this folder, run ./install.sh again from its new place. To undo: ./install.sh --uninstall"
