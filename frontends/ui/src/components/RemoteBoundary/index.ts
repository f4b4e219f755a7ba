export { RemoteBoundary, RemoteComponent, type RemoteBoundaryProps, type RemoteComponentProps } from './RemoteBoundary.tsx';
