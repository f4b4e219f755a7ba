// The driver's one-tap page (issue 4 item 3): plain HTML with a few lines of script, so it opens fast
// on any phone. It names no shipment, customer or address: the link's holder learns nothing but that
// a location is asked for. The same texts serve every state of the link.
import type { LinkState } from '../domain/driver-location.ts';

export const driverPageTexts = {
  title: 'Share your location',
  ask: 'Your dispatcher asks where your truck is. Tap the button to share this phone’s location once.',
  button: 'Share my location',
  sharing: 'Sharing your location…',
  shared: 'Thank you. Your location was shared.',
  denied: 'Location access was refused. Allow it for this page in your browser and tap again.',
  failed: 'Your location could not be shared. Please try again.',
  gone: 'This link has expired or was already used.',
} as const;

export function driverPage(state: LinkState): string {
  const t = driverPageTexts;
  const open = state === 'open';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title}</title>
<style>
body{font-family:system-ui,-apple-system,sans-serif;margin:0;padding:24px;background:#f5f7fa;color:#1a1b1e}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
h1{font-size:22px;margin:0 0 12px}p{font-size:17px;line-height:1.4}
button{width:100%;font-size:20px;padding:16px;border:0;border-radius:8px;background:#1c7ed6;color:#fff}
button:disabled{background:#a5d8ff}
</style></head>
<body><main>
<h1>${t.title}</h1>
${
  open
    ? `<p id="ask">${t.ask}</p>
<button id="share" type="button">${t.button}</button>
<p id="status" role="status" aria-live="polite"></p>
<script>
(function(){
  var button=document.getElementById('share'), status=document.getElementById('status');
  var texts=${JSON.stringify({ sharing: t.sharing, shared: t.shared, denied: t.denied, failed: t.failed, gone: t.gone })};
  function say(text){status.textContent=text;}
  button.addEventListener('click',function(){
    if(!navigator.geolocation){say(texts.failed);return;}
    button.disabled=true;say(texts.sharing);
    navigator.geolocation.getCurrentPosition(function(p){
      fetch(location.pathname,{method:'POST',headers:{'content-type':'application/json'},
        body:JSON.stringify({latitude:p.coords.latitude,longitude:p.coords.longitude,accuracy:p.coords.accuracy})})
      .then(function(r){
        if(r.ok){say(texts.shared);button.remove();document.getElementById('ask').remove();}
        else if(r.status===410){say(texts.gone);button.remove();}
        else{say(texts.failed);button.disabled=false;}
      },function(){say(texts.failed);button.disabled=false;});
    },function(e){say(e.code===1?texts.denied:texts.failed);button.disabled=false;},
    {enableHighAccuracy:true,timeout:20000,maximumAge:60000});
  });
})();
</script>`
    : `<p role="status">${t.gone}</p>`
}
</main></body></html>`;
}
