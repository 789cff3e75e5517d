import { render } from 'preact';
import { App } from './app/app';
import './styles.css';
import './data.css';
import './dark.css';

render(<App />, document.getElementById('root')!);
