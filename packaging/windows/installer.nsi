; The Windows installer of jojotte-score: the one-folder bundle, installed for the user
; alone (no administrator rights) into %LOCALAPPDATA%\Programs\jojotte-score, with a
; Start-menu entry and an uninstaller in Add/Remove Programs. The uninstaller removes the
; program, its shortcut, its registry keys and its settings; the sittings (the data
; folder, %LOCALAPPDATA%\jojotte-score) stay.
;
; packaging/windows/build.sh runs
;   makensis -DVERSION=0.1.0 -DSIZE_KB=<bundle's size> -DBUNDLE=<bundle folder>
;            -DOUTFILE=<installer.exe> [-DLZMA] installer.nsi
; Silent: installer.exe /S, and uninstall.exe /S in the installed folder.

Unicode true
Target amd64-unicode
; zlib by default: about 4 times faster to build than LZMA (CI builds it on every change),
; 31 MB instead of 21 MB; makensis -DLZMA (NSIS_LZMA=1 build.sh) for the smaller download.
!ifdef LZMA
  SetCompressor /SOLID lzma
!else
  SetCompressor zlib
!endif
ManifestDPIAware true

!ifndef VERSION
  !error "makensis -DVERSION=... -DBUNDLE=... -DOUTFILE=..."
!endif

!define NAME "jojotte-score"
!define TITLE "Jo-Jotte Scorepad"
!define PUBLISHER "jojotte-score developers"
!define UNINSTALL_KEY "Software\Microsoft\Windows\CurrentVersion\Uninstall\${NAME}"
!define SETTINGS_KEY "Software\${NAME}"

Name "${TITLE}"
OutFile "${OUTFILE}"
RequestExecutionLevel user
InstallDir "$LOCALAPPDATA\Programs\${NAME}"
InstallDirRegKey HKCU "${UNINSTALL_KEY}" "InstallLocation"
Icon "jojotte-score.ico"
UninstallIcon "jojotte-score.ico"
BrandingText "${TITLE} ${VERSION}"

VIProductVersion "${VERSION}.0"
VIAddVersionKey /LANG=0 "ProductName" "${TITLE}"
VIAddVersionKey /LANG=0 "ProductVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileVersion" "${VERSION}"
VIAddVersionKey /LANG=0 "FileDescription" "${TITLE} installer"
VIAddVersionKey /LANG=0 "CompanyName" "${PUBLISHER}"
VIAddVersionKey /LANG=0 "LegalCopyright" "MIT licence"

!include "MUI2.nsh"
!define MUI_ICON "jojotte-score.ico"
!define MUI_UNICON "jojotte-score.ico"
!define MUI_FINISHPAGE_RUN "$INSTDIR\${NAME}.exe"
!insertmacro MUI_PAGE_DIRECTORY
!insertmacro MUI_PAGE_INSTFILES
!insertmacro MUI_PAGE_FINISH
!insertmacro MUI_UNPAGE_CONFIRM
!insertmacro MUI_UNPAGE_INSTFILES
!insertmacro MUI_LANGUAGE "English"
!insertmacro MUI_LANGUAGE "German"

Section "Install"
  SetShellVarContext current
  SetOutPath "$INSTDIR"
  ; A new version replaces the old bundle whole (no stale library of the old one stays).
  RMDir /r "$INSTDIR\_internal"
  File /r "${BUNDLE}\*"
  WriteUninstaller "$INSTDIR\uninstall.exe"
  CreateShortCut "$SMPROGRAMS\${TITLE}.lnk" "$INSTDIR\${NAME}.exe" "" \
    "$INSTDIR\${NAME}.exe" 0 SW_SHOWNORMAL "" "Keep the score of Jo-Jotte"

  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayName" "${TITLE}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayVersion" "${VERSION}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "Publisher" "${PUBLISHER}"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "DisplayIcon" "$INSTDIR\${NAME}.exe,0"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "InstallLocation" "$INSTDIR"
  WriteRegStr HKCU "${UNINSTALL_KEY}" "UninstallString" '"$INSTDIR\uninstall.exe"'
  WriteRegStr HKCU "${UNINSTALL_KEY}" "QuietUninstallString" '"$INSTDIR\uninstall.exe" /S'
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoModify" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "NoRepair" 1
  WriteRegDWORD HKCU "${UNINSTALL_KEY}" "EstimatedSize" ${SIZE_KB}
SectionEnd

Section "Uninstall"
  SetShellVarContext current
  Delete "$SMPROGRAMS\${TITLE}.lnk"
  ; Only what the installer put there: a folder the user chose keeps anything else in it.
  RMDir /r "$INSTDIR\_internal"
  Delete "$INSTDIR\${NAME}.exe"
  Delete "$INSTDIR\${NAME}-cli.exe"
  Delete "$INSTDIR\uninstall.exe"
  RMDir "$INSTDIR"
  DeleteRegKey HKCU "${UNINSTALL_KEY}"
  ; The window's settings (Qt keeps them here on Windows); the sittings stay.
  DeleteRegKey HKCU "${SETTINGS_KEY}"
SectionEnd
