#!/bin/sh
# Add DynoView to the desktop's application menu for this user (no root needed).
# Run it from the unpacked folder: ./install.sh   Undo with: ./install.sh --uninstall
set -eu
HERE="$(cd "$(dirname "$0")" && pwd)"
ID=io.github.dynoview.DynoView
DATA="${XDG_DATA_HOME:-$HOME/.local/share}"
if [ "${1:-}" = "--uninstall" ]; then
  rm -f "$DATA/applications/$ID.desktop" "$DATA/metainfo/$ID.metainfo.xml"
  find "$DATA/icons/hicolor" -name "$ID.*" -delete 2>/dev/null || true
  echo "DynoView removed from the application menu (this folder was left in place)."
  exit 0
fi
mkdir -p "$DATA/applications" "$DATA/metainfo"
cp -R "$HERE/usr/share/icons" "$DATA/"
cp "$HERE/usr/share/metainfo/$ID.metainfo.xml" "$DATA/metainfo/"
# Point the menu entry at this folder; the entry itself is unchanged otherwise.
sed -e "s|^Exec=.*|Exec=\"$HERE/AppRun\"|" -e "s|^TryExec=.*|TryExec=$HERE/AppRun|" \
  "$HERE/usr/share/applications/$ID.desktop" > "$DATA/applications/$ID.desktop"
command -v update-desktop-database >/dev/null 2>&1 && update-desktop-database -q "$DATA/applications" || true
command -v gtk-update-icon-cache >/dev/null 2>&1 && gtk-update-icon-cache -q -t "$DATA/icons/hicolor" || true
echo "DynoView added to the application menu; it runs $HERE/AppRun."
