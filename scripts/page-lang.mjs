// The language a page speaks before its wasm can say (player/src/language.rs, `chosen`): `lang=`
// in the address, else the first of the browser's preferred languages Settle speaks, else
// English. One copy of the rule for the pages' inline scripts (scripts/view-page.mjs: which
// film to fetch; scripts/shell-page.mjs: which first screen to show); a Playwright test holds
// each page to the language the wasm then installs.
export const CHOSEN_LANG = `function chosenLang() {
    function speaks(t) {
      t = (t || '').toLowerCase().replace(/_/g, '-');
      var p = t.split('-')[0];
      if (p === 'zh') return /-(hant|tw|hk|mo)(-|$)/.test(t) ? null : 'zh-Hans';
      return p === 'en' || p === 'cs' || p === 'ru' ? p : null;
    }
    var asked = /[?&]lang=([^&#]*)/.exec(location.search), lang = asked && speaks(decodeURIComponent(asked[1]));
    var prefs = navigator.languages || [navigator.language];
    for (var i = 0; !lang && i < prefs.length; i++) lang = speaks(prefs[i]);
    return lang || 'en';
  }`;
