// Async boundary: shared singletons are negotiated before the app boots.
import('./bootstrap');
